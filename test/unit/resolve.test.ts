import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../../src/config/resolve.js';
import type { ConfigFile } from '../../src/config/schema.js';

const config: ConfigFile = {
  current: 'main',
  profiles: {
    main: { baseUrl: 'https://main.example.com/v1', searchUrl: 'https://search-main.example.com/v1', org: 'org_main', project: 'proj_main', apiKey: 'key_main_0000000001', token: 'token_main_00000001' },
    other: { baseUrl: 'https://other.example.com/v1', org: 'org_other', apiKey: 'key_other_000000002' },
  },
};

const fullEnv = {
  IPCTL_BASE_URL: 'https://env.example.com/v1',
  IPCTL_SEARCH_URL: 'https://search-env.example.com/v1',
  IPCTL_ORG: 'org_env',
  IPCTL_PROJECT: 'proj_env',
  IPCTL_API_KEY: 'key_env_00000000003',
  IPCTL_TOKEN: 'token_env_000000004',
};

const flags = { baseUrl: 'https://flag.example.com/v1', searchUrl: 'https://search-flag.example.com/v1', org: 'org_flag', project: 'proj_flag' };

describe('resolveSettings: flag, then environment, then profile, then default', () => {
  it('takes flags over everything', () => {
    const settings = resolveSettings(flags, fullEnv, config);
    expect(settings.baseUrl).toMatchObject({ value: flags.baseUrl, source: 'flag', origin: '--base-url' });
    expect(settings.searchUrl).toMatchObject({ value: flags.searchUrl, source: 'flag' });
    expect(settings.org).toMatchObject({ value: 'org_flag', source: 'flag', origin: '--org' });
    expect(settings.project).toMatchObject({ value: 'proj_flag', source: 'flag', origin: '--project' });
    // Credentials never come from flags.
    expect(settings.apiKey.source).toBe('environment');
  });

  it('takes the environment over the profile', () => {
    const settings = resolveSettings({}, fullEnv, config);
    expect(settings.baseUrl).toMatchObject({ value: fullEnv.IPCTL_BASE_URL, source: 'environment', origin: 'IPCTL_BASE_URL' });
    expect(settings.org).toMatchObject({ value: 'org_env', source: 'environment' });
    expect(settings.project).toMatchObject({ value: 'proj_env', source: 'environment' });
    expect(settings.apiKey.value?.reveal()).toBe(fullEnv.IPCTL_API_KEY);
    expect(settings.token).toMatchObject({ source: 'environment', origin: 'IPCTL_TOKEN' });
  });

  it('takes the current profile over the defaults', () => {
    const settings = resolveSettings({}, {}, config);
    expect(settings.profile).toMatchObject({ value: 'main', source: 'profile' });
    expect(settings.baseUrl).toMatchObject({ value: 'https://main.example.com/v1', source: 'profile', origin: 'profile "main"' });
    expect(settings.apiKey.value?.reveal()).toBe('key_main_0000000001');
    expect(settings.token.value?.reveal()).toBe('token_main_00000001');
  });

  it('selects the profile by --profile, then IPCTL_PROFILE, then the current one', () => {
    expect(resolveSettings({ profile: 'other' }, { IPCTL_PROFILE: 'main' }, config).profile).toMatchObject({ value: 'other', source: 'flag' });
    const byEnv = resolveSettings({}, { IPCTL_PROFILE: 'other' }, config);
    expect(byEnv.profile).toMatchObject({ value: 'other', source: 'environment' });
    expect(byEnv.org.value).toBe('org_other');
    // A key the selected profile lacks is not taken from another profile; it falls to the default.
    expect(byEnv.searchUrl).toMatchObject({ value: 'http://127.0.0.1:4510/search/v1', source: 'default' });
    expect(byEnv.token).toEqual({});
  });

  it('falls back to the built-in defaults with no profile', () => {
    const settings = resolveSettings({}, {}, { profiles: {} });
    expect(settings.profile).toMatchObject({ value: 'default', source: 'default' });
    expect(settings.profileExists).toBe(false);
    expect(settings.baseUrl).toMatchObject({ value: 'http://127.0.0.1:4510/v1', source: 'default' });
    expect(settings.org).toEqual({});
    expect(settings.apiKey).toEqual({});
  });

  it('ignores empty environment variables', () => {
    const settings = resolveSettings({}, { IPCTL_ORG: '', IPCTL_API_KEY: '' }, config);
    expect(settings.org.value).toBe('org_main');
    expect(settings.apiKey.source).toBe('profile');
  });

  it('rejects a named profile that does not exist, unless writing to it', () => {
    expect(() => resolveSettings({ profile: 'ghost' }, {}, config)).toThrow('No profile named "ghost"');
    expect(resolveSettings({ profile: 'ghost' }, {}, config, { allowMissingProfile: true }).profile.value).toBe('ghost');
  });

  it('rejects a base URL that is not http(s), naming where it came from', () => {
    expect(() => resolveSettings({}, { IPCTL_BASE_URL: 'file:///etc/passwd' }, config)).toThrow('IPCTL_BASE_URL');
  });
});
