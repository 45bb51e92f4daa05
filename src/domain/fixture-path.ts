import { join, resolve } from 'node:path';

/** `@modelcontextprotocol/time` -> `modelcontextprotocol__time`, as catalog/ names its files. */
export function toServerKey(qualifiedName: string): string {
  return qualifiedName.replace(/^@/, '').split('/').join('__');
}

/** `<directory>/<server key>/<tool>.json`; null when the names would leave the directory. */
export function toFixturePath(directory: string, server: string, tool: string): string | null {
  const serverKey = toServerKey(server);
  const unsafe = (part: string) => part === '' || part === '.' || part === '..' || /[\\/\0]/.test(part);
  if (unsafe(serverKey) || unsafe(tool)) return null;
  return join(resolve(directory), serverKey, `${tool}.json`);
}
