import type { ServiceImpl } from '@connectrpc/connect';
import type { SpellingService } from '#shared/gen/svc/spelling/v1/spelling_pb';
import { normalizeText } from '#shared/rules/job-query';
import type { IndexContext } from './index-context.js';

/** SpellingService (our extension, docs/decisions/spelling.md): "did you mean" for the search box. */
export function spellingService(ctx: IndexContext): ServiceImpl<typeof SpellingService> {
  return {
    suggest(req) {
      const text = normalizeText(req.query, 'query');
      if (text === undefined) return { suggestions: [] };
      return {
        suggestions: ctx.speller.suggest(text).map((s) => ({
          query: s.query,
          replacements: s.replacements.map((r) => ({ word: r.word, suggestion: r.suggestion, jobs: r.docs })),
        })),
      };
    },
  };
}
