// Electron's preventable event object: what listeners of will-navigate, close, before-quit… receive.
export interface PreventableEvent {
  preventDefault(): void;
  readonly defaultPrevented: boolean;
}

export function preventableEvent<T extends object>(fields: T = {} as T): T & PreventableEvent {
  let prevented = false;
  return Object.defineProperties(fields, {
    preventDefault: { value: () => void (prevented = true) },
    defaultPrevented: { get: () => prevented, enumerable: true },
  }) as T & PreventableEvent;
}
