import { z } from 'zod';

/*
 * Zod schemas for the resources of spec section 2. Objects are loose: unknown
 * fields pass through untouched, and only fields the spec promises are required,
 * so a newer server never breaks an older ipctl.
 */

const text = z.string();
const time = z.string();
const anyObject = z.record(z.string(), z.unknown());

export const OrgSchema = z.looseObject({
  id: text.optional(),
  label: text.optional(),
  defaultTeamId: text.optional(),
  createTime: time.optional(),
  updateTime: time.optional(),
});

export const inviteStatuses = ['pending', 'accepted', 'revoked', 'expired'] as const;

export const InviteSchema = z.looseObject({
  id: text,
  invitedEmail: text,
  parentType: text,
  parentId: text,
  // The spec lists four statuses; a new one from the server is shown, not rejected.
  status: text,
  createTime: time,
  updateTime: time.optional(),
});

const InputDescriptorSchema = z.looseObject({
  name: text,
  displayName: text.optional(),
  prompt: text.optional(),
  defaultValue: text.optional(),
  docsURL: text.optional(),
  moduleDependencies: anyObject.optional(),
});

const CustomInputSchema = z.looseObject({
  name: text,
  displayName: text.optional(),
  prompt: text.optional(),
  docsURL: text.optional(),
  fieldType: text.optional(),
  options: z.array(z.looseObject({ value: text, label: text.optional() })).optional(),
});

export const ProviderSchema = z.looseObject({
  name: text.optional(),
  authType: text.optional(),
  baseURL: text.optional(),
  defaultModule: text.optional(),
  displayName: text.optional(),
  postAuthInfoNeeded: z.boolean().optional(),
  support: anyObject.optional(),
  oauth2Opts: z
    .looseObject({
      grantType: text.optional(),
      explicitScopesRequired: z.boolean().optional(),
      explicitWorkspaceRequired: z.boolean().optional(),
      docsURL: text.optional(),
    })
    .optional(),
  apiKeyOpts: z
    .looseObject({
      attachmentType: text.optional(),
      query: z.looseObject({ name: text.optional() }).optional(),
      header: z.looseObject({ name: text.optional(), valuePrefix: text.optional() }).optional(),
      docsURL: text.optional(),
    })
    .optional(),
  basicOpts: z
    .looseObject({
      apiKeyAsBasic: z.boolean().optional(),
      docsURL: text.optional(),
    })
    .optional(),
  customOpts: z
    .looseObject({
      inputs: z.array(CustomInputSchema).optional(),
      providerInputs: z.array(CustomInputSchema).optional(),
      multiStep: z.boolean().optional(),
    })
    .optional(),
  metadata: z
    .looseObject({
      input: z.array(InputDescriptorSchema).optional(),
      postAuthentication: z.array(anyObject).optional(),
    })
    .optional(),
  providerAppMetadata: anyObject.optional(),
});

// Spec 2.4. Secrets are write-only and never come back, so there is no field for them.
export const DestinationSchema = z.looseObject({
  id: text.optional(),
  name: text.optional(),
  type: text.optional(),
  metadata: anyObject.optional(),
  createTime: time.optional(),
  updateTime: time.optional(),
});

const OAuth2TokenSchema = z.looseObject({ token: text.optional(), issuedAt: time.optional(), expiresAt: time.optional() });

/** Spec 2.3. It carries the API key and OAuth tokens it was made with: redact before showing. */
export const ConnectionSchema = z.looseObject({
  id: text.optional(),
  projectId: text.optional(),
  provider: text.optional(),
  group: z.looseObject({ groupRef: text.optional(), groupName: text.optional(), projectId: text.optional(), createTime: time.optional(), updateTime: time.optional() }).optional(),
  consumer: z
    .looseObject({ consumerRef: text.optional(), consumerName: text.optional(), projectId: text.optional(), createTime: time.optional(), updateTime: time.optional() })
    .optional(),
  createTime: time.optional(),
  updateTime: time.optional(),
  authScheme: text.optional(),
  status: text.optional(),
  providerApp: anyObject.optional(),
  providerWorkspaceRef: text.optional(),
  providerConsumerRef: text.optional(),
  oauth2AuthorizationCode: z
    .looseObject({ accessToken: OAuth2TokenSchema.optional(), refreshToken: OAuth2TokenSchema.optional(), scopes: z.array(text).optional() })
    .optional(),
  apiKey: text.optional(),
  providerMetadata: anyObject.optional(),
});

export const ProblemSchema = z.looseObject({
  type: text.optional(),
  href: text.optional(),
  title: text.optional(),
  status: z.number().optional(),
  detail: text.optional(),
  instance: text.optional(),
  subsystem: text.optional(),
  time: text.optional(),
  requestId: text.optional(),
  causes: z.array(text).optional(),
  remedy: text.optional(),
  supportEmail: text.optional(),
  supportPhone: text.optional(),
  supportUrl: text.optional(),
  retryable: z.boolean().optional(),
  retryAfter: text.optional(),
  context: anyObject.optional(),
  issues: z
    .array(
      z.looseObject({
        type: text.optional(),
        title: text.optional(),
        detail: text.optional(),
        in: text.optional(),
        name: text.optional(),
        value: z.unknown().optional(),
      }),
    )
    .optional(),
});

/** One search result (spec 2.6); in the order the fields are usually sent, so JSON output keeps it. */
export const SearchResultSchema = z.looseObject({
  id: text.optional(),
  fields: anyObject.optional(),
  mappedFields: anyObject.optional(),
  raw: anyObject.optional(),
});

/** The answer to a search (spec 4.6): one page of results. */
export const SearchResponseSchema = z.looseObject({
  results: z.array(SearchResultSchema),
});

export type Org = z.infer<typeof OrgSchema>;
export type Invite = z.infer<typeof InviteSchema>;
export type Provider = z.infer<typeof ProviderSchema>;
export type SearchResult = z.infer<typeof SearchResultSchema>;
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
export type Destination = z.infer<typeof DestinationSchema>;
export type Connection = z.infer<typeof ConnectionSchema>;
