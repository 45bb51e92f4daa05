/**
 * The random part of a new id, drawn in the shape of one the service gave (id-format.ts): the
 * same length, digits where it has digits, letters in its case; or a code of capitals and digits.
 * Seeded: the same seed gives the same string.
 */
import { withFake } from '../domain/fake-data.js';

/** A random string shaped like `sample`: digits where it has digits, letters in its case, the same length. */
export function randomLike(sample: string, seed: string): string {
  return withFake(seed, (faker) =>
    [...sample]
      .map((char, index) => {
        if (/\d/.test(char)) return String(faker.number.int({ min: index === 0 ? 1 : 0, max: 9 }));
        if (/[a-z]/.test(char) && /[A-Z]/.test(sample)) return faker.string.alphanumeric(1);
        if (/[a-z]/.test(char)) return faker.string.alpha({ length: 1, casing: 'lower' });
        if (/[A-Z]/.test(char)) return faker.string.alphanumeric(1);
        return char;
      })
      .join(''),
  );
}

/** `length` capitals and digits, at least one of each, as a code's tail. */
export function randomCode(length: number, seed: string): string {
  return withFake(seed, (faker) => {
    const tail = faker.string.alphanumeric({ length, casing: 'upper' });
    return /\d/.test(tail) ? tail : `${tail.slice(0, -1)}${faker.number.int({ min: 1, max: 9 })}`;
  });
}
