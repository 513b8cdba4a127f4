import { operations } from '../../../api/operations.js';
import type { Connection } from '../../../api/schemas.js';
import type { Context } from '../../../context.js';
import { ApiError, exitCodes, UserError } from '../../../errors.js';
import type { Outcome } from '../../../output/view.js';
import { confirmRemoval } from '../../../command-model/confirm.js';
import { inProject } from '../../../projects/project-ref.js';
import type { RemoveInput } from './input.js';
import { formatCount } from '../../../output/count.js';

interface Removed {
  id: string;
  provider?: string;
  groupRef?: string;
  consumerRef?: string;
  status: 'removed' | 'already removed' | 'would be removed';
}

/**
 * `connections remove ID…`: every connection is read first, so that an unknown
 * ID removes nothing (exit 3); then, once confirmed, each is removed in turn.
 * A failure part way says which were removed before it.
 */
export async function removeByIds(input: RemoveInput, context: Context): Promise<Outcome> {
  const { project, api } = await inProject(context, input.project);
  const ids = [...new Set(input.targets)];
  try {
    const connections: Connection[] = [];
    const unknown: string[] = [];
    for (const id of ids) {
      try {
        connections.push(await api.call(operations.getConnection, { path: { projectIdOrName: project, connectionId: id } }));
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
        unknown.push(id);
      }
    }
    if (unknown.length > 0) {
      throw new UserError(
        `No connection ${unknown.join(', ')} in project ${project}; nothing was removed.`,
        exitCodes.notFound,
        'Check the IDs and --project: connection IDs belong to one project.',
      );
    }
    const rows = connections.map((connection, index): Removed => ({ id: ids[index]!, provider: connection.provider, groupRef: connection.group?.groupRef, consumerRef: connection.consumer?.consumerRef, status: 'would be removed' }));
    if (input.dryRun) return { ...removedOutcome(rows), messages: [`Dry run: ${formatCount(rows.length)} ${rows.length === 1 ? 'connection' : 'connections'} would be removed from project ${project}; nothing was sent.`] };
    await confirmRemoval(context, input.yes, {
      question: rows.length === 1 ? `Remove connection ${describe(rows[0]!)} from project ${project}?` : `Remove ${formatCount(rows.length)} connections from project ${project}?`,
      command: context.suggest(`connections remove ${ids.join(' ')} --project ${project}`),
      cancelled: 'Cancelled; no connection was removed.',
    });
    for (const [index, row] of rows.entries()) {
      try {
        await api.call(operations.deleteConnection, { path: { projectIdOrName: project, connectionId: row.id } });
        row.status = 'removed';
      } catch (error) {
        // Read a moment ago, gone now: someone else removed it.
        if (error instanceof ApiError && error.status === 404) {
          row.status = 'already removed';
          continue;
        }
        if (index > 0) context.say(`Removed ${rows.slice(0, index).map((done) => done.id).join(', ')}; ${rows.slice(index).map((left) => left.id).join(', ')} ${index === rows.length - 1 ? 'was' : 'were'} not removed.`);
        throw error;
      }
    }
    return removedOutcome(rows);
  } finally {
    await api.close();
  }
}

function describe(row: Removed): string {
  const who = [row.provider, [row.groupRef, row.consumerRef].filter(Boolean).join('/')].filter(Boolean).join(', ');
  return who ? `${row.id} (${who})` : row.id;
}

function removedOutcome(rows: Removed[]): Outcome {
  return {
    data: rows,
    view: { kind: 'list', columns: ['ID', 'PROVIDER', 'GROUP', 'CONSUMER', 'STATUS'], rows: rows.map((row) => [row.id, row.provider, row.groupRef, row.consumerRef, row.status]) },
  };
}
