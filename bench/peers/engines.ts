import type { Engine, EngineName, PeerEngine } from './engine.js';

/**
 * The named engine, importing only its own module: a child's cold start then counts that
 * engine's code and nothing of the others (ours alone imports ~0.8 s of app modules).
 */
export async function loadEngine(name: EngineName): Promise<Engine | PeerEngine> {
  switch (name) {
    case 'sqlite':
      return new (await import('./sqlite-engine.js')).SqliteEngine();
    case 'minisearch':
      return new (await import('./minisearch-engine.js')).MiniSearchEngine();
    case 'flexsearch':
      return new (await import('./flexsearch-engine.js')).FlexSearchEngine();
    case 'orama':
      return new (await import('./orama-engine.js')).OramaEngine();
  }
}
