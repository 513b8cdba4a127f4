import { profileKeys, type ProfileData } from '../../config/schema.js';
import { redact } from '../../config/secret.js';
import { recordView, type View } from '../../output/view.js';

/** A profile as shown to a person or a script: secrets only as their last four characters. */
export interface ShownProfile {
  name: string;
  current: boolean;
  baseUrl?: string;
  searchUrl?: string;
  org?: string;
  project?: string;
  apiKey?: string;
  token?: string;
}

export function showProfile(name: string, data: ProfileData, current: boolean): ShownProfile {
  const shown: ShownProfile = { name, current };
  for (const key of profileKeys) {
    const value = data[key];
    if (typeof value !== 'string') continue;
    shown[key] = key === 'apiKey' || key === 'token' ? redact(value) : value;
  }
  // Kept in the OS keychain: said, not read (reading it is `auth status`'s job).
  if (data.credentialStore?.apiKey === 'keyring' && shown.apiKey === undefined) shown.apiKey = 'in the keyring';
  if (data.credentialStore?.token === 'keyring' && shown.token === undefined) shown.token = 'in the keyring';
  return shown;
}

export function profileRecordView(profile: ShownProfile): View {
  return recordView([
    ['Name', profile.name],
    ['Current', profile.current ? 'yes' : 'no'],
    ['Base URL', profile.baseUrl],
    ['Search URL', profile.searchUrl],
    ['Org', profile.org],
    ['Project', profile.project],
    ['API key', profile.apiKey ?? 'not set'],
    ['Token', profile.token ?? 'not set'],
  ]);
}
