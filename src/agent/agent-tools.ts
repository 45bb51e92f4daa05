import type { AgentTool } from './agent-tool.js';
import { deleteConnection, getConnection, listConnections, mockServer } from './connection-tools.js';
import { readCalls, verifyCalls } from './call-tools.js';
import { forkConnection, getClock, listSnapshots, restoreSnapshot, setClock, setFaults, takeSnapshot } from './control-tools.js';
import { listCaptures, startCapture, stopCapture } from './capture-tools.js';
import { freezeCalls } from './freeze-tools.js';
import { findServers, getServer } from './registry-tools.js';
import { checkScenario, testScenario, writeScenario } from './scenario-tools.js';
import { correctEntities, correctTools, explainConnection, getWorld, resetConnection, seedWorld } from './world-tools.js';

/**
 * Every tool of `mcpsim mcp`, in the order a client lists them: the core loop first (find, mock,
 * explain, seed, read, verify), then the controls, then the tools on the project's files (stdio only). docs/agents.md's tool table is made from this list.
 */
export const agentTools: readonly AgentTool[] = [
  findServers,
  getServer,
  mockServer,
  listConnections,
  getConnection,
  deleteConnection,
  explainConnection,
  correctTools,
  correctEntities,
  getWorld,
  seedWorld,
  resetConnection,
  readCalls,
  verifyCalls,
  takeSnapshot,
  listSnapshots,
  restoreSnapshot,
  forkConnection,
  getClock,
  setClock,
  setFaults,
  freezeCalls,
  checkScenario,
  testScenario,
  writeScenario,
  startCapture,
  stopCapture,
  listCaptures,
] as unknown as readonly AgentTool[];
