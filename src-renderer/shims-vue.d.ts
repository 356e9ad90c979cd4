// Lets plain tsc (tests that import renderer modules) resolve .vue files; vue-tsc reads them itself.
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}
