// The renderer build's early start for the first view's texts (issue 29, phone.inbox_ready_ms): index.html gets a
// small module (src-renderer/first-texts.ts) and, in a meta element, the files this build gave each language's texts,
// so the page asks for the texts while the app's own script is still downloading rather than after it has run (on
// slow mobile data the app then mounts as soon as it has run, a round trip and a download sooner).
import type { IndexHtmlTransformContext, Plugin, Rollup } from 'vite';

export const FIRST_TEXTS_INPUT = 'src-renderer/first-texts.ts';
/** The meta element's name; first-texts.ts reads it. */
export const FIRST_TEXTS_META = 'besked-first-texts';
/** Each language's texts (i18n/index.ts loads them lazily). */
const TEXTS = { en: '/src-renderer/i18n/en.ts', da: '/src-renderer/i18n/da.ts' } as const;

type Bundle = Rollup.OutputBundle;
type Chunk = Rollup.OutputChunk;
const chunks = (bundle: Bundle) => Object.values(bundle).filter((o): o is Chunk => o.type === 'chunk');
const byModule = (bundle: Bundle, suffix: string) => chunks(bundle).find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(suffix));

/** A chunk's file and those it imports statically, transitively, minus what the page loads anyway (`skip`). */
function withImports(bundle: Bundle, file: string, skip: ReadonlySet<string>, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || skip.has(file)) return seen;
  seen.add(file);
  const chunk = bundle[file];
  if (chunk?.type === 'chunk') for (const f of chunk.imports) withImports(bundle, f, skip, seen);
  return seen;
}

export function firstTexts(): Plugin {
  return {
    name: 'besked-first-texts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html: string, ctx: IndexHtmlTransformContext) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const boot = byModule(bundle, `/${FIRST_TEXTS_INPUT}`);
        const entry = chunks(bundle).find((c) => c.isEntry && c !== boot && c.facadeModuleId?.replace(/\\/g, '/').endsWith('/src-renderer/index.html'));
        if (!boot || !entry) throw new Error('first texts: the build has no app entry or no first-texts chunk');
        // What the page loads anyway: the app's entry with its static imports, and the boot module with its own.
        const skip = new Set([...withImports(bundle, entry.fileName, new Set()), ...withImports(bundle, boot.fileName, new Set())]);
        const files = Object.fromEntries(
          Object.entries(TEXTS).map(([lang, suffix]) => {
            const chunk = byModule(bundle, suffix);
            if (!chunk) throw new Error(`first texts: the build has no chunk for ${suffix}: are the texts still loaded lazily?`);
            return [lang, [...withImports(bundle, chunk.fileName, skip)].map((f) => `./${f}`)];
          }),
        );
        return [
          { tag: 'meta', attrs: { name: FIRST_TEXTS_META, content: JSON.stringify(files) }, injectTo: 'head' },
          { tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `./${boot.fileName}` }, injectTo: 'head' },
        ];
      },
    },
  };
}
