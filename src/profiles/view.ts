import { profileKeys, type ProfileData } from '../config/schema.js';
import { redact } from '../config/secret.js';
import { recordView, type View } from '../output/view.js';

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
    shown[key] = key === 'apiKey' || key === 'token' ? redact(value) : key === 'baseUrl' || key === 'searchUrl' ? shownUrl(value) : value;
  }
  // Kept in the OS keychain: said, not read (reading it is `auth status`'s job).
  if (data.credentialStore?.apiKey === 'keyring' && shown.apiKey === undefined) shown.apiKey = 'in the keyring';
  if (data.credentialStore?.token === 'keyring' && shown.token === undefined) shown.token = 'in the keyring';
  return shown;
}

const hidden = '****';

/**
 * A stored URL as shown: its user name and password, query and fragment, which
 * may hold credentials (a hand-edited file can have them), as ****. Commands
 * refuse such a URL; the listing still says that something is there.
 */
function shownUrl(value: string): string {
  if (!URL.canParse(value)) return hidden;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol}${hidden}`;
  const userinfo = url.username !== '' || url.password !== '' || /^[^/]*\/\/[^/?#]*@/.test(value);
  const query = url.search !== '' || value.split('#', 1)[0]!.includes('?');
  const fragment = url.hash !== '' || value.includes('#');
  if (!userinfo && !query && !fragment) return value;
  return `${url.protocol}//${userinfo ? `${hidden}@` : ''}${url.host}${url.pathname}${query ? `?${hidden}` : ''}${fragment ? `#${hidden}` : ''}`;
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
