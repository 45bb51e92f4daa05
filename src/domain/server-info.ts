import { z } from 'zod';
import type { ServerIcon, ServerInfo } from './connection.js';

/** One of a server's icons, as MCP's `Implementation.icons` defines it: the registry and the API's ServerInfo share it. */
export const serverIconSchema = z.strictObject({
  src: z.string(),
  mimeType: z.string().optional(),
  sizes: z.array(z.string()).optional(),
  theme: z.enum(['light', 'dark']).optional(),
});

/**
 * The platform's ServerInfo from what an upstream sent in `initialize`: only the fields the
 * platform defines, each only when it has the right type (an upstream may send anything).
 *
 * @example
 *   toServerInfo({ name: 'gh', version: '1.0.0', vendor: 'x' }) // { name: 'gh', version: '1.0.0' }
 */
export function toServerInfo(value: unknown, fallbackName: string): ServerInfo {
  const record = (value ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : undefined);
  const icons = Array.isArray(record.icons) ? record.icons.flatMap(toIcon) : [];
  const optional = { title: text('title'), websiteUrl: text('websiteUrl'), description: text('description') };
  return {
    name: text('name') ?? fallbackName,
    version: text('version') ?? 'unknown',
    ...Object.fromEntries(Object.entries(optional).filter(([, field]) => field !== undefined)),
    ...(icons.length > 0 ? { icons } : {}),
  };
}

function toIcon(value: unknown): ServerIcon[] {
  const icon = (value ?? {}) as Record<string, unknown>;
  if (typeof icon.src !== 'string') return [];
  return [
    {
      src: icon.src,
      ...(typeof icon.mimeType === 'string' ? { mimeType: icon.mimeType } : {}),
      ...(Array.isArray(icon.sizes) && icon.sizes.every((size) => typeof size === 'string') ? { sizes: icon.sizes as string[] } : {}),
      ...(icon.theme === 'light' || icon.theme === 'dark' ? { theme: icon.theme } : {}),
    },
  ];
}
