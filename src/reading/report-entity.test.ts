import { describe, expect, it } from 'vitest';
import { tool, text, entities } from './written-tools.test-support.js';

describe('a computed view answered as a report or a chart', () => {
  const books = [
    tool('get_invoice', { id: text }, 'Get an invoice by ID'),
    tool('list_accounts', { type: text }, 'List the chart of accounts.'),
    tool('get_account', { id: text }, 'Get an account by ID'),
  ];

  it('names the report or chart after the words the sentence writes (profit_and_loss_report, balance_sheet_report, revenue_trend_chart)', () => {
    const read = entities([
      ...books,
      tool('get_profit_loss', { start_date: text }, 'Get a Profit and Loss (Income Statement) report. Can be broken down by department.'),
      tool('get_balance_sheet', { as_of_date: text }, 'Get a Balance Sheet report.'),
      tool('get_revenue_trend', { months: text }, 'Monthly revenue trend as a line chart, by customer or item.'),
    ]);
    expect(read).toMatchObject({
      get_profit_loss: 'profit_and_loss_report',
      get_balance_sheet: 'balance_sheet_report',
      get_revenue_trend: 'revenue_trend_chart',
    });
  });

  it('keeps the chart of accounts as accounts, and a read of one thing by id as that thing', () => {
    const read = entities([...books, tool('get_report', { id: text }, 'Get a saved report by ID')]);
    expect(read).toMatchObject({ list_accounts: 'account', get_invoice: 'invoice' });
  });
});
