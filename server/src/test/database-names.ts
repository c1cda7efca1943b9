import pg from 'pg';

export const testDemoPassword = 'aforo-demo-2026';

/** The template lives beside the database TEST_DATABASE_URL names, e.g. test → test_tpl. */
export function templateName(url: string): string {
  return `${new URL(url).pathname.slice(1) || 'test'}_tpl`;
}

export async function adminClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}
