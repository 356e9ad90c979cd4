// The renderer build's early start for a phone's first view (issue 29, phone.inbox_ready_ms): index.html gets a small
// script (src-renderer/first-view-preload.ts) and, in a meta element, the names this build gave the inbox view's
// chunks and each language's texts, so the page asks for them while the app's own script is still downloading
// rather than after it has run (on slow mobile data that wait and the round trip after it were a second).
import type { IndexHtmlTransformContext, Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

export const FIRST_VIEW_PRELOAD_INPUT = 'src-renderer/first-view-preload.ts';
/** The meta element's name; first-view-preload.ts reads it. */
const META = 'besked-first-view';

/** The module whose chunk is wanted: the inbox view, and each language's texts (i18n/index.ts loads them lazily). */
const WANTED = { inbox: '/src-renderer/views/InboxView.vue', en: '/src-renderer/i18n/en.ts', da: '/src-renderer/i18n/da.ts' } as const;

const chunks = (bundle: OutputBundle) => Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
const byModule = (bundle: OutputBundle, suffix: string) => chunks(bundle).find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(suffix));

/** A chunk's file and those it imports statically, transitively, minus what the page loads anyway (`skip`). */
function withImports(bundle: OutputBundle, file: string, skip: ReadonlySet<string>, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || skip.has(file)) return seen;
  seen.add(file);
  const chunk = bundle[file];
  if (chunk?.type === 'chunk') for (const f of chunk.imports) withImports(bundle, f, skip, seen);
  return seen;
}

/** The scripts and style sheets of one wanted chunk, as paths relative to index.html. */
function filesOf(bundle: OutputBundle, chunk: OutputChunk, skip: ReadonlySet<string>): string[] {
  const scripts = [...withImports(bundle, chunk.fileName, skip)];
  const styles = scripts.flatMap((f) => [...((bundle[f] as OutputChunk).viteMetadata?.importedCss ?? [])]);
  return [...scripts, ...styles].map((f) => `./${f}`);
}

export function firstViewPreload(): Plugin {
  return {
    name: 'besked-first-view-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html: string, ctx: IndexHtmlTransformContext) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const boot = byModule(bundle, `/${FIRST_VIEW_PRELOAD_INPUT}`);
        const entry = chunks(bundle).find((c) => c.isEntry && c !== boot && c.facadeModuleId?.endsWith('/src-renderer/index.html'));
        if (!boot || !entry) throw new Error('first-view preload: the build has no app entry or no first-view-preload chunk');
        // What the page loads anyway: the app's entry and its static imports, and the preload script with its own.
        const skip = new Set([...withImports(bundle, entry.fileName, new Set()), ...withImports(bundle, boot.fileName, new Set())]);
        const plan = Object.fromEntries(
          Object.entries(WANTED).map(([key, suffix]) => {
            const chunk = byModule(bundle, suffix);
            if (!chunk) throw new Error(`first-view preload: the build has no chunk for ${suffix}: is it still lazily loaded?`);
            return [key, filesOf(bundle, chunk, skip)];
          }),
        );
        return [
          { tag: 'meta', attrs: { name: META, content: JSON.stringify(plan) }, injectTo: 'head' },
          { tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `./${boot.fileName}` }, injectTo: 'head' },
        ];
      },
    },
  };
}
