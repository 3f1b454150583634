import type { Database, Statement } from 'better-sqlite3';

/** Where one cursor walk over the upstream stands. */
export interface WalkState {
  cursor?: string;
  done: boolean;
  /** Newest discoveredAt / lastVerifiedAt seen (epoch ms): the next run's high-water marks. */
  maxDiscovered: number;
  maxVerified: number;
  restarted?: boolean;
  /** Pages walked so far, checkpointed with the cursor (the walk's page budget, walk-guard.ts). */
  pages?: number;
  /** The sort key (epoch ms) of the last card accepted: where the next page must continue (page-check.ts). */
  lastKey?: number;
}

export type RunPhase = 'companies' | 'cards' | 'details' | 'reconcile' | 'recheck' | 'saved' | 'commit';

/** A run in progress, checkpointed with every batch it stages so a killed process resumes here. */
export interface RunState {
  upstream: string;
  startedAt: number;
  /** No marks for this upstream yet: pull every active job. */
  full: boolean;
  /** Fixed when the run starts, so a resumed run asks the upstream the same questions. */
  since?: { discovered: number; verified: number };
  phase: RunPhase;
  companiesCursor?: string;
  companiesPages?: number;
  walks: Record<string, WalkState>;
}

/** High-water marks of the last successful run from one upstream. */
export interface Marks {
  upstream: string;
  discovered: number;
  verified: number;
}

/** The sync tables of the index (migration 0002): checkpoints, staged cards and evictions. */
export class SyncState {
  private readonly get: Statement<[string], string>;
  private readonly put: Statement<[string, string]>;

  constructor(private readonly db: Database) {
    this.get = db.prepare<[string], string>('SELECT value FROM sync_state WHERE key = ?').pluck();
    this.put = db.prepare<[string, string]>(
      'INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
  }

  private read<T>(key: string): T | undefined {
    const v = this.get.get(key);
    return v === undefined ? undefined : (JSON.parse(v) as T);
  }

  marks(upstream: string): Marks | undefined {
    const m = this.read<Marks>('marks');
    return m?.upstream === upstream ? m : undefined;
  }

  setMarks(m: Marks): void {
    this.put.run('marks', JSON.stringify(m));
  }

  run(): RunState | undefined {
    return this.read<RunState>('run');
  }

  saveRun(run: RunState): void {
    this.put.run('run', JSON.stringify(run));
  }

  /** Forgets the run and everything it staged (after its commit, or when it is abandoned). */
  clearRun(): void {
    this.db
      .exec(`DELETE FROM sync_state WHERE key = 'run'; DELETE FROM sync_card_log; DELETE FROM sync_cards; DELETE FROM sync_evictions;
      DELETE FROM sync_company_counts;`);
  }
}
