/**
 * An amount of money a description gives a record, as people write one: `1200 USD`, `USD 1200`,
 * `$1200.50`, `850 EUR`, `€40`. The number goes to the field the type's writes take an amount in
 * (`amount`, `total`, `price`, `*_amount`), else to `amount`; the currency's ISO 4217 code to the
 * field they take a currency in (`currency_code`, `currency`). Thousands separators are gone by
 * now (described-codes.ts). Pure.
 */

/** Symbols that stand for one currency. */
const symbols: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY' };
/** The ISO 4217 codes the runtime knows (`USD`, `EUR`): three capitals that are no currency (`INV 41`) are no amount. */
const currencies = new Set(Intl.supportedValuesOf('currency'));
// `monetaryValue`, `deal_value`, `expected_value`: what a CRM's deal is worth.
const amountField =
  /^(?:amount|total|price|cost|value|sum)$|(?:_|(?<=[a-z]))(?:amount|total|price)$|^(?:monetary|deal|contract|expected|estimated|opportunity)[_-]?value$/i;
const currencyField = /^currency(?:[_-]?code)?$|(?:_|(?<=[a-z]))currency(?:[_-]?code)?$/i;

/**
 * The fields an amount gives, or undefined where the piece is no amount of money.
 *
 * @example
 *   toDescribedAmount(['lines', 'currency_code', 'notes'], '1200 USD'); // { amount: 1200, currency_code: 'USD' }
 */
export function toDescribedAmount(fields: Iterable<string>, text: string): Record<string, unknown> | undefined {
  const trimmed = text.trim();
  const after = /^(\d+(?:\.\d+)?)\s*([A-Z]{3})$/.exec(trimmed);
  const before = /^([A-Z]{3})\s*(\d+(?:\.\d+)?)$/.exec(trimmed);
  const symbol = /^([$€£¥])\s*(\d+(?:\.\d+)?)$/.exec(trimmed);
  const [value, currency] = after ? [after[1], after[2]] : before ? [before[2], before[1]] : symbol ? [symbol[2], symbols[symbol[1]!]] : [];
  if (currency === undefined || value === undefined || !currencies.has(currency)) return undefined;
  const names = [...fields];
  const amount = names.find((name) => amountField.test(name)) ?? 'amount';
  const code = names.find((name) => currencyField.test(name));
  return { [amount]: Number(value), ...(code === undefined ? {} : { [code]: currency }) };
}
