import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export type DriftingVersion = 'v1' | 'v2';
export declare const driftingServerPath: string;
export declare function createDriftingServer(version: DriftingVersion): McpServer;
export declare function startDriftingHttp(version: DriftingVersion): Promise<{ url: string; close(): Promise<void> }>;
export declare const olderProtocolVersion: string;
