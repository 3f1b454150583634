/**
 * A file that is not the kind the command needs (another kind of ours, another application's,
 * not SQLite at all, empty, missing). It is the user's to fix, like an invalid request: the CLI
 * exits 2 with the message, which names the file and what it looks like.
 */
export class WrongFile extends Error {
  override name = 'WrongFile';
}
