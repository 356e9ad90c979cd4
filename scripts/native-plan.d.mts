// Types of what scripts/native-plan.mjs exports, for its tests.
export type NativeTarget = 'node' | 'electron';
export interface Runtime {
  nodeAbi: string;
  electronVersion: string;
  platform: string;
  arch: string;
}
export type Attempt = { kind: 'cache'; tag: string } | { kind: 'prebuilt' | 'compile'; command: string; args: string[]; cwd: string };
export declare function cacheTag(target: NativeTarget, runtime: Runtime): string;
export declare function buildAttempts(
  target: NativeTarget,
  opts: Runtime & { cached: boolean; execPath: string; prebuildInstall: string; electronRebuild: string; moduleDir: string; root: string },
): Attempt[];
