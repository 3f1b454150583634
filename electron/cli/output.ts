import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import { toWireJson } from '#shared/wire/json-nulls';
import { drawPlainTable, isPlainTable } from './plain-table.js';

/** Prints a response exactly as the service's JSON wire form. */
export function printJson<D extends DescMessage>(schema: D, msg: MessageShape<D>): void {
  process.stdout.write(`${JSON.stringify(toWireJson(schema, msg), null, 2)}\n`);
}

/** A bordered table; cli-table3 is loaded only for cells that plain-table.ts does not draw. */
export async function printTable(head: string[], rows: string[][]): Promise<void> {
  process.stdout.write(`${await drawTable(head, rows)}\n`);
}

export async function drawTable(head: string[], rows: string[][]): Promise<string> {
  if (isPlainTable(head, rows)) return drawPlainTable(head, rows);
  const { default: Table } = await import('cli-table3');
  const table = new Table({ head, style: { head: [], border: [] }, wordWrap: true });
  table.push(...rows);
  return table.toString();
}
