// The Content-Security-Policy of the renderer in both shells: no inline or remote script, no remote loads.
/** `connectTo`: the team server's own bridge origin (wss://name:port), which 'self' does not name in every browser. */
export function contentSecurityPolicy(opts: { connectSelfWebSocket: boolean; connectTo?: string }): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    // The component library injects its styles at run time; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${opts.connectSelfWebSocket ? ' ws://127.0.0.1:*' : ''}${opts.connectTo ? ` ${opts.connectTo}` : ''}`,
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    // The web app manifest, for "Add to Home Screen" on a phone.
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
