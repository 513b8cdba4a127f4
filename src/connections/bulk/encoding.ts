/**
 * The encoding of a bulk import's input: UTF-8, with or without a byte-order
 * mark, decoded strictly. A byte that is not UTF-8 is never replaced with
 * U+FFFD, which would send a corrupted secret: the row it is in is invalid.
 */
import { UsageError } from '../../errors.js';

export const notUtf8 = 'not UTF-8 text';
export const saveAsUtf8 = 'the file may be in another encoding (Windows-1252 or Latin-1, say): save it as UTF-8 (in Excel: "CSV UTF-8").';
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** bytes as text, or undefined when they are not UTF-8. */
export function utf8(bytes: Uint8Array): string | undefined {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** The column (counted in characters, from 1) of the first byte that is not UTF-8. */
export function invalidUtf8Column(bytes: Uint8Array): number {
  const offset = invalidUtf8Offset(bytes);
  return [...strictDecoder.decode(bytes.subarray(0, offset))].length + 1;
}

/** The offset of the first byte that does not belong to a well-formed UTF-8 sequence, or the length when all do. */
function invalidUtf8Offset(bytes: Uint8Array): number {
  let at = 0;
  while (at < bytes.length) {
    const length = sequenceLength(bytes, at);
    if (length === 0) return at;
    at += length;
  }
  return at;
}

/** How long the UTF-8 sequence at bytes[at] is, or 0 when it is not well-formed (RFC 3629). */
function sequenceLength(bytes: Uint8Array, at: number): number {
  const lead = bytes[at] as number;
  if (lead < 0x80) return 1;
  const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
  if (length === 0 || at + length > bytes.length) return 0;
  // The second byte's range is narrower after these leads: no overlong forms, surrogates or code points past U+10FFFF.
  const second = bytes[at + 1] as number;
  const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
  const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
  if (second < low || second > high) return 0;
  for (let next = at + 2; next < at + length; next++) if (((bytes[next] as number) & 0xc0) !== 0x80) return 0;
  return length;
}

/**
 * The bytes of the input without a UTF-8 byte-order mark (spreadsheets write
 * one). A UTF-16 one means the whole file is in another encoding: refused.
 */
export async function* withoutBom(stream: AsyncIterable<Buffer | string>, flag: string): AsyncGenerator<Buffer> {
  let head = Buffer.alloc(0);
  let checked = false;
  for await (const raw of stream) {
    const chunk = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw;
    if (checked) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length < 3) continue;
    checked = true;
    yield startOf(head, flag);
  }
  if (!checked && head.length > 0) yield startOf(head, flag);
}

function startOf(head: Buffer, flag: string): Buffer {
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) {
    throw new UsageError(`${flag}: the file is UTF-16 text; ipctl reads UTF-8. Nothing was sent.`, 'Save it as UTF-8 (in Excel: "CSV UTF-8"), or convert it: iconv -f UTF-16 -t UTF-8 FILE > FILE.utf8');
  }
  return head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? head.subarray(3) : head;
}
