// The double of Electron's WebFrameMain: a frame's URL and place in the frame tree, and the page's own
// window object (`world`), where contextBridge puts what the preload exposes.
let nextRoutingId = 1;

export class WebFrameMain {
  readonly frames: WebFrameMain[] = [];
  readonly processId = 1;
  readonly routingId = nextRoutingId++;
  world: Record<string, unknown> = {};

  constructor(
    public url: string,
    readonly parent: WebFrameMain | null = null,
  ) {
    parent?.frames.push(this);
  }

  get top(): WebFrameMain {
    return this.parent ? this.parent.top : this;
  }
}
