import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import { toWireJson } from '#shared/wire/json-nulls';
import Table from 'cli-table3';

/** Prints a response exactly as the service's JSON wire form. */
export function printJson<D extends DescMessage>(schema: D, msg: MessageShape<D>): void {
  process.stdout.write(`${JSON.stringify(toWireJson(schema, msg), null, 2)}\n`);
}

export function printTable(head: string[], rows: string[][]): void {
  const table = new Table({ head, style: { head: [], border: [] }, wordWrap: true });
  table.push(...rows);
  process.stdout.write(`${table.toString()}\n`);
}
