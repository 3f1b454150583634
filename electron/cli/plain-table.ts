// The CLI's tables, drawn as cli-table3 draws them with printTable's options (borders, one space
// of padding, a rule between rows, no colours, no fixed widths), for cells of plain text. Loading
// and laying out with cli-table3 cost a cold search more than its query (issue 30,
// docs/decisions/cli-cold-start.md); cells it treats specially (lines, ANSI codes, other controls)
// still go to it. test/cli/plain-table.test.ts holds the two outputs equal.
import stringWidth from 'string-width';

// C0 and C1 controls and DEL: newlines split a cell into lines, ESC starts colour codes.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const NOT_PLAIN = /[\u0000-\u001f\u007f-\u009f]/;

/** Whether this writer draws the table exactly as cli-table3 would: every row full, plain text. */
export function isPlainTable(head: string[], rows: string[][]): boolean {
  if (head.length === 0) return false;
  return [head, ...rows].every((r) => r.length === head.length && r.every((c) => !NOT_PLAIN.test(c)));
}

export function drawPlainTable(head: string[], rows: string[][]): string {
  const all = [head, ...rows];
  const widths = all.map((r) => r.map((c) => stringWidth(c)));
  const col = head.map((_, x) => Math.max(...widths.map((w) => w[x]!)) + 2);
  const rule = (left: string, mid: string, right: string) => left + col.map((w) => '─'.repeat(w)).join(mid) + right;
  const line = (r: string[], y: number) =>
    `│${r.map((c, x) => ` ${c}${' '.repeat(col[x]! - 2 - widths[y]![x]!)} `).join('│')}│`;
  const between = rule('├', '┼', '┤');
  return [rule('┌', '┬', '┐'), all.map(line).join(`\n${between}\n`), rule('└', '┴', '┘')].join('\n');
}
