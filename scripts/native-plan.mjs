// Which build of better-sqlite3 a runtime needs and where to get it, in order: the cache, then (Electron
// only) the prebuilt binary better-sqlite3 publishes for that Electron, then a compile. Pure: native.mjs runs it.

/** The cache folder name of a build: the runtime and its ABI (Electron's version fixes its ABI), OS and CPU. */
export function cacheTag(target, { nodeAbi, electronVersion, platform, arch }) {
  return target === 'node' ? `node-${nodeAbi}-${platform}-${arch}` : `electron-${electronVersion}-${platform}-${arch}`;
}

/**
 * The ways to get the build, to try in order until one works. `cached` says whether the cache has this tag.
 * Which platforms and Electron versions have a prebuilt binary is not knowable offline, so prebuild-install
 * is simply tried (it fails when there is none, or no network) and the compile is the fallback. The compile
 * is told not to try a download again. The Node target never downloads: the cache or a compile.
 */
export function buildAttempts(target, { nodeAbi, electronVersion, platform, arch, cached, execPath, prebuildInstall, electronRebuild, moduleDir, root }) {
  const tag = cacheTag(target, { nodeAbi, electronVersion, platform, arch });
  const attempts = cached ? [{ kind: 'cache', tag }] : [];
  if (target === 'node') {
    attempts.push({ kind: 'compile', command: 'npm', args: ['rebuild', 'better-sqlite3', '--build-from-source'], cwd: root });
    return attempts;
  }
  attempts.push(
    {
      kind: 'prebuilt',
      command: execPath,
      args: [prebuildInstall, '--runtime', 'electron', '--target', electronVersion, '--arch', arch, '--platform', platform],
      cwd: moduleDir,
    },
    {
      kind: 'compile',
      command: execPath,
      args: [electronRebuild, '--force', '--which-module', 'better-sqlite3', '--version', electronVersion, '--arch', arch, '--build-from-source'],
      cwd: root,
    },
  );
  return attempts;
}
