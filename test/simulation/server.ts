// The simulated service, behind an undici Dispatcher that ipctl's real client
// sends through. Its own model of the connections and its own rules (spec 4.3
// and read-operations.md, List connections): it imports nothing of ipctl's
// validation. Each request may meet a planned fault: any status, an answer
// lost before or after the service acted, 429 with Retry-After, a slow answer.
import { Dispatcher } from 'undici';

export const provider = 'simcrm';
const project = { id: 'proj_sim', name: 'sim', orgId: 'org_sim', appName: 'Sim', createTime: '2026-01-01T00:00:00Z' };

export interface Connection {
  id: string;
  provider: string;
  groupRef: string;
  consumerRef: string;
  apiKey: string;
}

export type Fault =
  | { kind: 'status'; status: number; /** 5xx only: the service acted before it failed. */ acted?: boolean }
  | { kind: 'retry-after'; status: 429 | 503; seconds: number }
  | { kind: 'lost'; acted: boolean }
  | { kind: 'slow'; ms: number };

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export function keyOf(connection: { provider?: unknown; groupRef?: unknown; consumerRef?: unknown }): string {
  return JSON.stringify([connection.provider, connection.groupRef, connection.consumerRef]);
}

function problem(status: number, title: string, detail?: string): Answer {
  return { status, headers: { 'content-type': 'application/problem+json' }, body: { type: 'about:blank', title, status, ...(detail ? { detail } : {}) } };
}

export class SimService {
  readonly connections = new Map<string, Connection>();
  /** How many times each key was created, ever (a removal does not take one back). */
  readonly created = new Map<string, number>();
  #next = 0;

  constructor(readonly apiKey: string) {}

  answer(method: string, url: URL, headers: Record<string, string>, text: string | undefined): Answer {
    const path = url.pathname;
    if (method === 'GET' && path.startsWith('/providers/')) {
      const name = decodeURIComponent(path.slice('/providers/'.length));
      if (name !== provider) return problem(404, 'Not Found', 'No such provider.');
      return { status: 200, body: { name: provider, displayName: 'Sim CRM', authType: 'apiKey', apiKeyOpts: { attachmentType: 'header', header: { name: 'X-Api-Key' } } } };
    }
    if (headers['x-api-key'] !== this.apiKey) return problem(401, 'Unauthorized');
    const projectPath = /^\/projects\/([^/]+)(\/.*)?$/.exec(path);
    if (!projectPath || (projectPath[1] !== project.id && projectPath[1] !== project.name)) return problem(404, 'Not Found', 'No such project.');
    const rest = projectPath[2] ?? '';
    if (method === 'GET' && rest === '') return { status: 200, body: project };
    if (method === 'POST' && rest === '/connections:generate') return this.#generate(text);
    if (method === 'GET' && rest === '/connections') return this.#list(url.searchParams);
    const one = /^\/connections\/([^/]+)$/.exec(rest);
    if (method === 'DELETE' && one) {
      if (!this.connections.delete(decodeURIComponent(one[1]!))) return problem(404, 'Not Found', 'No such connection.');
      return { status: 204 };
    }
    return problem(404, 'Not Found');
  }

  #generate(text: string | undefined): Answer {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text ?? '') as Record<string, unknown>;
    } catch {
      return problem(400, 'Bad Request', 'The body is not JSON.');
    }
    const missing = ['groupRef', 'consumerRef', 'provider', 'apiKey'].filter((name) => typeof body[name] !== 'string' || body[name] === '');
    // The service repeats the key it was given: a client must not write it anywhere.
    if (missing.length > 0) return problem(400, 'Bad Request', `Missing ${missing.join(', ')} (apiKey given: ${String(body.apiKey)}).`);
    if (body.provider !== provider) return problem(422, 'Unprocessable Entity', `Unknown provider ${String(body.provider)}.`);
    const id = `conn_${(this.#next += 1)}`;
    const connection: Connection = { id, provider, groupRef: body.groupRef as string, consumerRef: body.consumerRef as string, apiKey: body.apiKey as string };
    this.connections.set(id, connection);
    this.created.set(keyOf(connection), (this.created.get(keyOf(connection)) ?? 0) + 1);
    return { status: 201, body: this.#shown(connection) };
  }

  #list(query: URLSearchParams): Answer {
    const matches = [...this.connections.values()].filter((connection) => ['provider', 'groupRef', 'consumerRef'].every((name) => !query.has(name) || query.get(name) === connection[name as keyof Connection]));
    return { status: 200, body: matches.map((connection) => this.#shown(connection)) };
  }

  #shown(connection: Connection): unknown {
    const time = project.createTime;
    return {
      id: connection.id,
      projectId: project.id,
      provider: connection.provider,
      group: { groupRef: connection.groupRef, groupName: connection.groupRef, projectId: project.id, createTime: time },
      consumer: { consumerRef: connection.consumerRef, consumerName: connection.consumerRef, projectId: project.id, createTime: time },
      authScheme: 'apiKey',
      status: 'created',
      createTime: time,
      apiKey: connection.apiKey,
    };
  }
}

type Handler = Dispatcher.DispatchHandler & {
  onConnect?(abort: (reason?: unknown) => void): void;
  onHeaders?(status: number, headers: Buffer[], resume: () => void, statusText: string): boolean;
  onData?(chunk: Buffer): boolean;
  onComplete?(trailers: Buffer[]): void;
  onError?(error: Error): void;
};

/** Where the world is told of each request (a step it may stop at) and asks what fault it meets. */
export interface Network {
  /** Before the service sees the request; throws to stop the world. */
  step(): void;
  fault(): Fault | undefined;
  /** Waits simulated time. */
  sleep(ms: number): Promise<void>;
  /** The world has stopped: nothing more is answered. */
  stopped(): boolean;
}

export class SimDispatcher extends Dispatcher {
  constructor(
    readonly service: SimService,
    readonly network: Network,
  ) {
    super();
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    void this.#answer(options, handler as Handler);
    return true;
  }

  async #answer(options: Dispatcher.DispatchOptions, handler: Handler): Promise<void> {
    let aborted: unknown;
    let settled = false;
    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      handler.onError?.(error as Error);
    };
    handler.onConnect?.((reason) => {
      aborted = reason ?? new Error('aborted');
      fail(aborted);
    });
    await Promise.resolve();
    if (aborted || this.network.stopped()) return;
    this.network.step();
    const fault = this.network.fault();
    const headers = Object.fromEntries(Object.entries((options.headers ?? {}) as Record<string, string>).map(([name, value]) => [name.toLowerCase(), String(value)]));
    const url = new URL(`${String(options.origin)}${options.path}`);
    const act = (): Answer => this.service.answer(options.method, url, headers, typeof options.body === 'string' ? options.body : undefined);
    let answer: Answer;
    if (fault?.kind === 'lost') {
      if (fault.acted) act();
      return fail(Object.assign(new Error(fault.acted ? 'socket hang up' : 'connect ECONNREFUSED'), { code: fault.acted ? 'ECONNRESET' : 'ECONNREFUSED' }));
    } else if (fault?.kind === 'retry-after') {
      answer = { ...problem(fault.status, fault.status === 429 ? 'Too Many Requests' : 'Service Unavailable'), headers: { 'content-type': 'application/problem+json', 'retry-after': String(fault.seconds) } };
    } else if (fault?.kind === 'status') {
      if (fault.acted && fault.status >= 500) act();
      answer = problem(fault.status, `Status ${fault.status}`, 'A planned fault.');
    } else {
      answer = act();
      if (fault?.kind === 'slow') await this.network.sleep(fault.ms);
    }
    if (aborted || this.network.stopped()) return;
    const body = answer.body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(answer.body));
    const raw = Object.entries({ ...(answer.headers ?? { 'content-type': 'application/json' }), 'content-length': String(body.length) }).flatMap(([name, value]) => [Buffer.from(name), Buffer.from(value)]);
    settled = true;
    handler.onHeaders?.(answer.status, raw, () => undefined, '');
    if (body.length > 0) handler.onData?.(body);
    handler.onComplete?.([]);
  }

  override async close(): Promise<void> {}

  override async destroy(): Promise<void> {}
}
