import { describe, expect, it } from 'vitest';
import { isAppUrl, isSafeExternalUrl, mainWindowOptions } from '../../../src-main/shell/window-options';

describe('the main window', () => {
  it('is isolated, sandboxed and without Node', () => {
    const w = mainWindowOptions('/p/preload.cjs').webPreferences!;
    expect(w).toMatchObject({
      preload: '/p/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it.each([
    ['https://example.com/help', true],
    ['http://example.com', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['https://user:pw@example.com', false],
    ['not a url', false],
  ])('opens %s externally: %s', (url, ok) => {
    expect(isSafeExternalUrl(url)).toBe(ok);
  });

  it.each([
    ['file:///app/out/renderer/index.html#/inbox', true],
    ['file:///app/out/renderer/other.html', false],
    ['https://evil.example/', false],
  ])('treats %s as the app page: %s', (url, ok) => {
    expect(isAppUrl(url, 'file:///app/out/renderer/index.html')).toBe(ok);
  });
});
