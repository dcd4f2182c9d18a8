// hls.js ships the light build without its own declarations; it has the full build's API.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
  export * from 'hls.js';
}
