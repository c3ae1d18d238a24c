import type { BudgetPayload, Quote } from '@lumen/contracts';
import type { Agent } from '../../../test/test-app';
import { createProject, REF16 } from '../projects/projects.test-support';

/** Helpers shared by the budgets test files (not a test file itself). */

export const B1 = '/api/projects/v1/budget';
export const PUBLIC = '/api/projects/v1/public-quotes';

/** A project of the agent with the given references and quantities. */
export async function projectWith(agent: Agent, lines: ReadonlyArray<{ referenceCode: string; quantity: number }>, catalogId: 16 | 21 = 16): Promise<number> {
  const project = await createProject(agent, { name: 'Budget project', catalogId, products: lines.map((line) => ({ type: 'REGULAR', ...line })) });
  return project.id;
}

export const defaultLines = [
  { referenceCode: REF16[0], quantity: 3 },
  { referenceCode: REF16[2], quantity: 2 },
] as const;

export async function payloadOf(agent: Agent, projectId: number): Promise<BudgetPayload> {
  const response = await agent.get(`/api/apiv2/project-to-budget?projectId=${projectId}`);
  if (response.statusCode !== 200) throw new Error(`project-to-budget: ${response.statusCode} ${response.body}`);
  return response.json<BudgetPayload>();
}

export async function issue(agent: Agent, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Quote> {
  const response = await agent.post(B1, body, headers);
  if (response.statusCode !== 201) throw new Error(`issue: ${response.statusCode} ${response.body}`);
  return response.json<Quote>();
}

/** The token of the public link in the last mail sent to `to`. */
export function linkToken(mails: ReadonlyArray<{ to: string; text: string }>, to: string): string {
  const mail = [...mails].reverse().find((message) => message.to === to);
  const match = mail ? /\/quote\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(mail.text) : null;
  if (!match?.[1]) throw new Error(`no quote link mailed to ${to}`);
  return match[1];
}
