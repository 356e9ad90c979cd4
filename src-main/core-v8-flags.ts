// The V8 flags a core's Node process starts with (`npm run web`, `npm run server`, `npm run bench`; package.json's
// scripts pass them, and a test asserts they match): a young generation of 2 MB a half rather than V8's default 16.
// A send of 100,000 keeps every recipient and text alive while it plans, so each scavenge of the large young
// generation copied most of it, 10–26 ms on the core's loop; with 2 MB a scavenge copies little, for the same work
// in all (bench core.max_loop_block_ms: the send's p99 26–31 ms of whole intervals against 21–25; an import of
// 100,000 as fast, its peak memory 337 MB against 349–397). The desktop app's main process keeps V8's default:
// Electron takes V8 flags for it only on its own command line.
export const CORE_V8_FLAGS: readonly string[] = ['--max-semi-space-size=2'];
