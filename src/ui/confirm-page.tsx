import type { Context } from 'hono';
import { Csrf, Layout } from './layout.js';
import { sessionOf } from './ui-context.js';

export interface Confirmation {
  /** The page's title, a question: `Reset the memory of demo/github?` */
  title: string;
  /** What will be lost. */
  consequence: string;
  /** Where the confirmed form posts (the same action as the button that asked). */
  action: string;
  /** The form's own fields to post again (a scope), besides the CSRF token and `confirm=yes`. */
  fields: ReadonlyMap<string, string>;
  /** The button that does it: `Yes, reset the memory`. */
  confirmLabel: string;
  /** Where "Cancel" goes back to. */
  cancelHref: string;
}

/**
 * The step between a destructive button and its action, rendered on the server so it works without
 * script and with the keyboard: the question, what is lost, the button that does it, and a way back.
 *
 * @example
 *   if (form.get('confirm') !== 'yes') return c.html(<ConfirmPage csrf={csrf} confirmation={...} />);
 */
export function ConfirmPage({ csrf, confirmation }: { csrf: string; confirmation: Confirmation }) {
  const { title, consequence, action, fields, confirmLabel, cancelHref } = confirmation;
  return (
    <Layout title={title} page="connections" csrf={csrf}>
      <section class="card" aria-labelledby="confirm-consequence">
        <p id="confirm-consequence">{consequence}</p>
        <form method="post" action={action}>
          <Csrf token={csrf} />
          {[...fields].map(([name, value]) => (
            <input type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirm" value="yes" />
          <button type="submit">{confirmLabel}</button> <a href={cancelHref}>Cancel</a>
        </form>
      </section>
    </Layout>
  );
}

/** The form's fields a confirmation posts again: all but the CSRF token and the confirmation itself. */
export function toRepostedFields(form: ReadonlyMap<string, string>): Map<string, string> {
  return new Map([...form].filter(([name]) => name !== '_csrf' && name !== 'confirm'));
}

/**
 * Answers a destructive form's first post with its confirmation step: the same form again, posted
 * to the same action with `confirm=yes`.
 *
 * @example
 *   if (form.get('confirm') !== 'yes') return askToConfirm(c, form, { title, consequence, confirmLabel, cancelHref: '/ui' });
 */
export function askToConfirm(
  c: Context,
  form: ReadonlyMap<string, string>,
  question: Pick<Confirmation, 'title' | 'consequence' | 'confirmLabel' | 'cancelHref'>,
): Response | Promise<Response> {
  return c.html(
    <ConfirmPage
      csrf={sessionOf(c).csrf}
      confirmation={{ ...question, action: new URL(c.req.url).pathname, fields: toRepostedFields(form) }}
    />,
  );
}
