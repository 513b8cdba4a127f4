import * as z from '../schema/zod.js';

/*
 * Zod schemas for the resources of spec section 2. Objects are loose: unknown
 * fields pass through untouched, and only fields the spec promises are required,
 * so a newer server never breaks an older ipctl.
 *
 * Each is built the first time it parses something (z.lazy): building them all
 * when this module loads cost every command about 2.5 ms, for the one or two it
 * uses.
 */

const text = z.string();
const time = z.string();
const anyObject = z.record(z.string(), z.unknown());

export const OrgSchema = z.lazy(() =>
  z.looseObject({
    id: z.optional(text),
    label: z.optional(text),
    defaultTeamId: z.optional(text),
    createTime: z.optional(time),
    updateTime: z.optional(time),
  }),
);

export const inviteStatuses = ['pending', 'accepted', 'revoked', 'expired'] as const;

export const InviteSchema = z.lazy(() =>
  z.looseObject({
    id: text,
    invitedEmail: text,
    parentType: text,
    parentId: text,
    // The spec lists four statuses; a new one from the server is shown, not rejected.
    status: text,
    createTime: time,
    updateTime: z.optional(time),
  }),
);

const InputDescriptorSchema = z.lazy(() =>
  z.looseObject({
    name: text,
    displayName: z.optional(text),
    prompt: z.optional(text),
    defaultValue: z.optional(text),
    docsURL: z.optional(text),
    moduleDependencies: z.optional(anyObject),
  }),
);

const CustomInputSchema = z.lazy(() =>
  z.looseObject({
    name: text,
    displayName: z.optional(text),
    prompt: z.optional(text),
    docsURL: z.optional(text),
    fieldType: z.optional(text),
    options: z.optional(z.array(z.looseObject({ value: text, label: z.optional(text) }))),
  }),
);

export const ProviderSchema = z.lazy(() =>
  z.looseObject({
    name: z.optional(text),
    authType: z.optional(text),
    baseURL: z.optional(text),
    defaultModule: z.optional(text),
    displayName: z.optional(text),
    postAuthInfoNeeded: z.optional(z.boolean()),
    support: z.optional(anyObject),
    modules: z.optional(anyObject),
    oauth2Opts: z.optional(
      z.looseObject({
        grantType: z.optional(text),
        explicitScopesRequired: z.optional(z.boolean()),
        explicitWorkspaceRequired: z.optional(z.boolean()),
        docsURL: z.optional(text),
      }),
    ),
    apiKeyOpts: z.optional(
      z.looseObject({
        attachmentType: z.optional(text),
        query: z.optional(z.looseObject({ name: z.optional(text) })),
        header: z.optional(z.looseObject({ name: z.optional(text), valuePrefix: z.optional(text) })),
        docsURL: z.optional(text),
      }),
    ),
    basicOpts: z.optional(
      z.looseObject({
        apiKeyAsBasic: z.optional(z.boolean()),
        docsURL: z.optional(text),
      }),
    ),
    customOpts: z.optional(
      z.looseObject({
        inputs: z.optional(z.array(CustomInputSchema)),
        providerInputs: z.optional(z.array(CustomInputSchema)),
        multiStep: z.optional(z.boolean()),
      }),
    ),
    metadata: z.optional(
      z.looseObject({
        input: z.optional(z.array(InputDescriptorSchema)),
        postAuthentication: z.optional(z.array(anyObject)),
      }),
    ),
    providerAppMetadata: z.optional(anyObject),
  }),
);

// Spec 2.4. Secrets are write-only and never come back, so there is no field for them.
export const DestinationSchema = z.lazy(() =>
  z.looseObject({
    id: z.optional(text),
    name: z.optional(text),
    type: z.optional(text),
    metadata: z.optional(anyObject),
    createTime: z.optional(time),
    updateTime: z.optional(time),
  }),
);

const OAuth2TokenSchema = z.lazy(() => z.looseObject({ token: z.optional(text), issuedAt: z.optional(time), expiresAt: z.optional(time) }));

/** Spec 2.3. It carries the API key and OAuth tokens it was made with: redact before showing. */
export const ConnectionSchema = z.lazy(() =>
  z.looseObject({
    id: z.optional(text),
    projectId: z.optional(text),
    provider: z.optional(text),
    group: z.optional(
      z.looseObject({ groupRef: z.optional(text), groupName: z.optional(text), projectId: z.optional(text), createTime: z.optional(time), updateTime: z.optional(time) }),
    ),
    consumer: z.optional(
      z.looseObject({ consumerRef: z.optional(text), consumerName: z.optional(text), projectId: z.optional(text), createTime: z.optional(time), updateTime: z.optional(time) }),
    ),
    createTime: z.optional(time),
    updateTime: z.optional(time),
    authScheme: z.optional(text),
    status: z.optional(text),
    providerApp: z.optional(anyObject),
    providerWorkspaceRef: z.optional(text),
    providerConsumerRef: z.optional(text),
    oauth2AuthorizationCode: z.optional(
      z.looseObject({ accessToken: z.optional(OAuth2TokenSchema), refreshToken: z.optional(OAuth2TokenSchema), scopes: z.optional(z.array(text)) }),
    ),
    apiKey: z.optional(text),
    providerMetadata: z.optional(anyObject),
  }),
);

/** read-operations.md, Project: id, name, appName, orgId and createTime are required. */
export const ProjectSchema = z.lazy(() =>
  z.looseObject({
    id: text,
    name: text,
    appName: z.optional(text),
    orgId: z.optional(text),
    createTime: z.optional(time),
    updateTime: z.optional(time),
  }),
);

/** read-operations.md, List providers: one object keyed by provider name, each a Provider. */
export const ProviderCatalogueSchema = z.lazy(() => z.record(z.string(), ProviderSchema));

export const ProblemSchema = z.lazy(() =>
  z.looseObject({
    type: z.optional(text),
    href: z.optional(text),
    title: z.optional(text),
    status: z.optional(z.number()),
    detail: z.optional(text),
    instance: z.optional(text),
    subsystem: z.optional(text),
    time: z.optional(text),
    requestId: z.optional(text),
    causes: z.optional(z.array(text)),
    remedy: z.optional(text),
    supportEmail: z.optional(text),
    supportPhone: z.optional(text),
    supportUrl: z.optional(text),
    retryable: z.optional(z.boolean()),
    retryAfter: z.optional(text),
    context: z.optional(anyObject),
    issues: z.optional(
      z.array(
        z.looseObject({
          type: z.optional(text),
          title: z.optional(text),
          detail: z.optional(text),
          in: z.optional(text),
          name: z.optional(text),
          value: z.optional(z.unknown()),
        }),
      ),
    ),
  }),
);

/** One search result (spec 2.6); in the order the fields are usually sent, so JSON output keeps it. */
const SearchResultSchema = z.lazy(() =>
  z.looseObject({
    id: z.optional(text),
    fields: z.optional(anyObject),
    mappedFields: z.optional(anyObject),
    raw: z.optional(anyObject),
  }),
);

/**
 * The answer to a search (spec 4.6): one page of results, as `results` (the
 * reference) or `result` (the service's published contract); the first when
 * both are there.
 */
export const SearchResponseSchema = z.lazy(() =>
  z.looseObject({
    results: z.optional(z.array(SearchResultSchema)),
    result: z.optional(z.array(SearchResultSchema)),
  }).check(z.refine((answer) => answer.results !== undefined || answer.result !== undefined, { message: 'expected an array of results (results or result)', path: ['results'] })),
);

export type Org = z.infer<typeof OrgSchema>;
export type Invite = z.infer<typeof InviteSchema>;
export type Provider = z.infer<typeof ProviderSchema>;
export type SearchResult = z.infer<typeof SearchResultSchema>;
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
export type Destination = z.infer<typeof DestinationSchema>;
export type Connection = z.infer<typeof ConnectionSchema>;
export type Project = z.infer<typeof ProjectSchema>;
