/** "1 job", "2 jobs", "1,024 companies": a count with its noun in the right number (issue 31 item 10). */
export function counted(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}
