import type { RandomSource } from './random.js';

const adjectives = [
  'brave',
  'calm',
  'clever',
  'eager',
  'fancy',
  'gentle',
  'happy',
  'jolly',
  'kind',
  'lively',
  'lucky',
  'mellow',
  'nimble',
  'proud',
  'quick',
  'quiet',
  'rapid',
  'shiny',
  'smart',
  'sunny',
  'swift',
  'tidy',
  'vivid',
  'witty',
  'bold',
  'bright',
  'cosmic',
  'crisp',
  'daring',
  'fresh',
  'golden',
  'humble',
] as const;

const animals = [
  'badger',
  'beaver',
  'bison',
  'camel',
  'cobra',
  'crane',
  'dolphin',
  'eagle',
  'falcon',
  'ferret',
  'gecko',
  'heron',
  'ibis',
  'jaguar',
  'koala',
  'lemur',
  'llama',
  'lynx',
  'marten',
  'moose',
  'otter',
  'panda',
  'puffin',
  'quail',
  'raven',
  'salmon',
  'seal',
  'tapir',
  'tiger',
  'walrus',
  'wombat',
  'zebra',
] as const;

const suffixAlphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * A human-readable identifier such as `clever-dolphin-a9X3` (adjective, animal, 4 characters:
 * about 4 × 10^10 combinations).
 */
export function createReadableId(random: RandomSource): string {
  const bytes = random(6);
  const adjective = adjectives[bytes[0]! % adjectives.length];
  const animal = animals[bytes[1]! % animals.length];
  let suffix = '';
  for (let index = 2; index < 6; index++) suffix += suffixAlphabet[bytes[index]! % suffixAlphabet.length];
  return `${adjective}-${animal}-${suffix}`;
}
