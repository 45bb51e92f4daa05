import { describe, expect, it } from 'vitest';
import { choiceState, choiceText } from './choice-text.js';

const podAction =
  'Triggers a state transition on a pod. Valid actions: - `start` — boot a stopped pod (`EXITED` or `ERROR`) back toward `RUNNING`. ' +
  '- `stop` — stop a running or provisioning pod, releasing GPU/CPU compute while keeping its disk. The pod moves to `EXITED`. ' +
  "- `restart` — restart a `RUNNING` pod's container in place. - `terminate` — permanently delete the pod.";
const values = ['start', 'stop', 'restart', 'terminate'];

describe('choiceText', () => {
  it('answers what the description says one choice does, up to the next choice', () => {
    expect(choiceText(podAction, 'stop', values)).toBe(
      'stop a running or provisioning pod, releasing GPU/CPU compute while keeping its disk. The pod moves to `EXITED`.',
    );
    expect(choiceText(podAction, 'terminate', values)).toBe('permanently delete the pod.');
  });

  it('answers null for a value the description does not introduce with a dash or colon', () => {
    expect(choiceText('Start or stop the pod.', 'stop', ['start', 'stop'])).toBeNull();
    expect(choiceText(undefined, 'stop', ['stop'])).toBeNull();
  });
});

describe('choiceState', () => {
  it('reads the state a choice moves to, as the service spells it', () => {
    expect(choiceState(choiceText(podAction, 'stop', values))).toBe('EXITED');
    expect(choiceState(choiceText(podAction, 'start', values))).toBe('RUNNING');
    expect(choiceState("archive: the list becomes 'archived'")).toBe('archived');
  });

  it('names no state where the text only mentions one it starts from', () => {
    expect(choiceState(choiceText(podAction, 'restart', values))).toBeNull();
    expect(choiceState('returns `200` with the updated pod')).toBeNull();
  });
});
