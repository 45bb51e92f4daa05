/**
 * sim's face for the relay: the capture recorder's types that mcp/upstream/relay.ts hands each relayed exchange to
 * (sim/capture/capture-recorder.ts), re-exported here so mcp/ reaches the simulator only through sim's root.
 */
export type { CaptureOrigin, CaptureRecorder, ListingSeenBy } from './capture/capture-recorder.js';
