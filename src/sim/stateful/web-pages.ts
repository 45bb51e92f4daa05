/**
 * Web and documentation servers with nothing seeded (`brave_web_search`, `microsoft_docs_search`,
 * `fetch`, `get_url_markdown`): a search of a type no tool makes answers a few results about its
 * query (a title and a description that say it, a URL), remembered, so the same search answers
 * the same; a read by a URL answers the page (its title and Markdown content), the one a search
 * showed when it showed that URL. Before this, the first answered an empty list and the second
 * only the URL it was given.
 */
import type { Faker } from '@faker-js/faker';
import { withFake } from '../../domain/fake-data.js';
import { isUrlArgument } from '../../reading/tool-id-argument.js';
import type { WorldChanges, WorldState } from '../../domain/memory-log.js';
import { entitiesOf, fieldValue, isQueryArgument, matchesQuery, type EntityRecord } from '../../domain/world-query.js';
import { toCreatedId } from './entity-ids.js';
import { typedId } from './world-views.js';
import { isReferenceType, toReferenceFact } from './reference-data.js';
import type { AnswerInput } from './world-conventions.js';

/** How many results a search about something new answers. */
const resultCount = 3;

/** The URL a read names (its id argument, or its only argument that is a URL), or null. */
export function urlOfRead(input: AnswerInput): string | null {
  for (const [name, value] of Object.entries(input.args))
    if (typeof value === 'string' && isUrlArgument(name) && /^https?:\/\/\S+$/i.test(value)) return value;
  return null;
}

/**
 * The page at `url`: its title and content in Markdown, from the result a search showed for it
 * when there is one, else from its address.
 *
 * @example
 *   toPageFields(input, 'https://example.com/pricing'); // { title: 'Pricing', content: '# Pricing\n\n…' }
 */
export function toPageFields(input: AnswerInput, url: string): Record<string, unknown> {
  const shown = shownResult(input.world, url);
  const title = shown?.title ?? titleOf(url);
  const summary =
    shown?.description ??
    withFake(`${input.seed}|page|${url}`, (faker) => aboutSentence(title, faker.number.int({ min: 0, max: abouts.length - 1 })));
  const content = withFake(`${input.seed}|page-body|${url}`, (faker) => {
    const [first, second] = faker.helpers.shuffle([...steps]);
    return [
      `# ${title}`,
      summary,
      '## Overview',
      faker.helpers.arrayElement(overviews)(midSentence(title)),
      '## Next steps',
      `- ${first}\n- ${second}`,
    ].join('\n\n');
  });
  return { title, content };
}

/**
 * For a search of a type nothing makes, with a query no entity of it matches yet: results about
 * the query, and the world with them. Null otherwise (a seeded or created type keeps its answer).
 */
export function toSearchResults(input: AnswerInput): { world: WorldState; changes: WorldChanges } | null {
  const { shape } = input;
  if (shape.operation !== 'search' || !isReferenceType(input)) return null;
  const query = Object.entries(input.args).find(([name, value]) => isQueryArgument(name) && typeof value === 'string')?.[1] as
    string | undefined;
  if (!query || query.trim() === '' || /\w+:\S/.test(query)) return null;
  const existing = entitiesOf(input.world, shape.entity);
  if (existing.some((entity) => matchesQuery(entity.fields, query))) return null;
  const text = query.trim().replace(/\s+/g, ' ');
  const upserts: NonNullable<WorldChanges['upserts']> = [];
  const made = { ...(input.world.entities[shape.entity] ?? {}) };
  const offset = withFake(`${input.seed}|results|${text}`, (faker) => faker.number.int({ min: 0, max: sites.length - 1 }));
  // A page's URL is its id when the server's tools name it by URL (`docs_fetch(url)`).
  const byUrl = isUrlArgument(shape.idField);
  for (let index = 0; index < resultCount; index++) {
    const site = sites[(offset + index) % sites.length]!;
    const url = withFake(`${input.seed}|result|${text}|${index}`, (faker) => site.url(faker, slugOf(text)));
    const taken = [...existing, ...Object.keys(made).map((key) => ({ id: key, fields: made[key]! }))];
    const id = byUrl
      ? url
      : toCreatedId({ ...input, args: {}, world: { ...input.world, entities: { ...input.world.entities, [shape.entity]: made } } }, taken);
    const fields = {
      ...(byUrl ? {} : { [shape.idField]: typedId(id, shape) }),
      // Each result from its own site, titled as that site titles a page; the sites taken in turn from a seeded start.
      title: site.title(text),
      url,
      description: aboutSentence(text, offset + index),
    };
    made[id] = fields;
    upserts.push({ type: shape.entity, id, fields });
  }
  // Marked as made up, as reference data is: a later search about something else makes its own.
  const mark = toReferenceFact(shape.entity);
  const facts = input.world.facts.includes(mark) ? [] : [mark];
  return {
    world: { ...input.world, entities: { ...input.world.entities, [shape.entity]: made }, facts: [...input.world.facts, ...facts] },
    changes: { upserts, facts },
  };
}

/** `docs_fetch(url)` of a page a search showed: that result, not a second entity for the same page. */
export function pageShownBy(input: AnswerInput, entities: readonly EntityRecord[]): EntityRecord | undefined {
  const url = urlOfRead(input);
  return url === null ? undefined : entities.find((entity) => fieldValue(entity.fields, 'url') === url);
}

/** A page read by its URL shows its title and content, the same each time. */
export function withPage(input: AnswerInput, entity: EntityRecord): EntityRecord {
  const url = urlOfRead(input);
  if (url === null || fieldValue(entity.fields, 'content') !== undefined) return entity;
  return { ...entity, fields: { ...entity.fields, ...toPageFields(input, url) } };
}

/** The result of an earlier search that showed `url` (any type), as its title and description. */
function shownResult(world: WorldState, url: string): { title?: string; description?: string } | null {
  for (const type of Object.keys(world.entities))
    for (const { fields } of entitiesOf(world, type)) {
      if (fieldValue(fields, 'url') !== url) continue;
      const title = fieldValue(fields, 'title');
      const description = fieldValue(fields, 'description') ?? fieldValue(fields, 'snippet');
      return {
        ...(typeof title === 'string' ? { title } : {}),
        ...(typeof description === 'string' ? { description } : {}),
      };
    }
  return null;
}

/** `https://example.com/docs/getting-started` → `Getting started`; a bare host names itself. */
function titleOf(url: string): string {
  try {
    const { hostname, pathname } = new URL(url);
    const last = pathname.split('/').filter(Boolean).at(-1);
    const words = last
      ? decodeURIComponent(last)
          .replace(/\.\w+$/, '')
          .split(/[-_+\s]+/)
          .filter(Boolean)
          .join(' ')
      : '';
    return atStart(words !== '' ? words : hostname.replace(/^www\./, ''));
  } catch {
    return url;
  }
}

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'page';

/** Where results are found, as a search engine's first page shows them (one site per result), and how each titles a page. */
const sites: { url: (faker: Faker, slug: string) => string; title: (subject: string) => string }[] = [
  {
    url: (faker, slug) => `https://docs.${faker.internet.domainWord()}.dev/${slug}`,
    title: (subject) => `${atStart(subject)} – documentation`,
  },
  {
    url: (faker, slug) => `https://stackoverflow.com/questions/${faker.number.int({ min: 10_000_000, max: 79_999_999 })}/${slug}`,
    title: (subject) => `How do I get ${subject} to work? - Stack Overflow`,
  },
  {
    url: (faker, slug) =>
      `https://github.com/${faker.internet
        .username()
        .toLowerCase()
        .replace(/[^a-z0-9-]/g, '')}/${slug}`,
    title: (subject) => `${atStart(subject)}: examples and a starter project - GitHub`,
  },
  {
    url: (faker, slug) =>
      `https://medium.com/@${faker.internet
        .username()
        .toLowerCase()
        .replace(/[^a-z0-9_]/g, '')}/${slug}-${faker.string.hexadecimal({ length: 12, casing: 'lower', prefix: '' })}`,
    title: (subject) => `${atStart(subject)}, explained with examples | Medium`,
  },
  {
    url: (faker, slug) => `https://www.${faker.internet.domainWord()}.com/blog/${slug}`,
    title: (subject) => `Getting started with ${subject}`,
  },
];

/** The query as written, its first letter raised at the start of a title. */
const atStart = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** Within a sentence: as written, unless only its first letter is a capital (a title made from a URL). */
const midSentence = (text: string) => (/^[A-Z][^A-Z]*$/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);

const abouts: ((subject: string) => string)[] = [
  (subject) => `An overview of ${subject}, with examples and best practices.`,
  (subject) => `A practical guide to ${subject}, from first steps to advanced use.`,
  (subject) => `What to know about ${subject}, with answers to common questions.`,
  (subject) => `Compare the options for ${subject} and see what experienced users recommend.`,
  (subject) => `Common problems with ${subject} and how to fix them.`,
];

/** The `index`-th way of saying what a page about `subject` holds. */
function aboutSentence(subject: string, index: number): string {
  return abouts[index % abouts.length]!(midSentence(subject));
}

const overviews: ((subject: string) => string)[] = [
  (subject) => `This page covers ${subject}: what it is, when to use it and how to set it up.`,
  (subject) => `Use this article to understand ${subject} and to configure it for your project.`,
  (subject) => `The sections below walk through ${subject} step by step.`,
];

const steps = [
  'Review the prerequisites and supported versions',
  'Follow the quickstart to try it in a sample project',
  'Read the reference for every option and its default',
  'See the troubleshooting guide for common errors',
];
