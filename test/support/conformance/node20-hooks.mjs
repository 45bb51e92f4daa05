/** Module hooks of node20-preload.mjs: the conformance suite's `fs` is node:fs plus globSync. */
const shim = new URL('./fs-with-glob.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if ((specifier === 'fs' || specifier === 'node:fs') && context.parentURL?.includes('/@modelcontextprotocol/conformance/'))
    return { url: shim, shortCircuit: true };
  return next(specifier, context);
}
