// Types of what scripts/make-icons.mjs exports, for the icon tests.
export declare const PNG_SIZES: number[];
export declare const ICO_SIZES: number[];
export declare const ICNS_TYPES: [string, number][];
export declare function icns(elements: [string, Buffer][]): Buffer;
