// Public surface of the sandbox for the CLI command and tests.
export { startSandbox, DEFAULT_SANDBOX_HOST, DEFAULT_SANDBOX_PORT } from './server.js';
export type { Sandbox, SandboxOptions } from './server.js';
export { createSandboxState, findDestination, findInstallation, findIntegration, findOrg, findProject, findProvider } from './state.js';
export type { RequestLogEntry, SandboxState, SearchAnswerShape } from './state.js';
export { createSeedData, SEED } from './seed.js';
export type { SeedData } from './seed.js';
export type * from './types.js';
export type { Route, RouteContext, RouteResponse } from './router.js';
export { ProblemError } from './problems.js';
export type { ProblemDetails, ProblemInit, ProblemIssue } from './problems.js';
export { FaultPlan, FAULTS_PATH, parseFaultPlan } from './faults.js';
export type { FaultPlanData, FaultPlanInput, FaultStep } from './faults.js';
