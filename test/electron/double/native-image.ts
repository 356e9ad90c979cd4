// The double of Electron's NativeImage: an image made of representations at scale factors.
export class NativeImage {
  readonly representations: { scaleFactor: number; bytes: number }[] = [];
  private template = false;

  addRepresentation(o: { scaleFactor?: number; buffer?: Buffer; dataURL?: string }) {
    if (!o.buffer && !o.dataURL) throw new Error('addRepresentation needs a buffer or a dataURL');
    this.representations.push({ scaleFactor: o.scaleFactor ?? 1, bytes: o.buffer?.length ?? o.dataURL!.length });
  }
  getScaleFactors = () => this.representations.map((r) => r.scaleFactor);
  isEmpty = () => this.representations.length === 0;
  setTemplateImage(on: boolean) {
    this.template = on;
  }
  isTemplateImage = () => this.template;
}

export const nativeImage = {
  createEmpty: () => new NativeImage(),
};
