import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { type ConfigError, loadConfig, SETTING_VARIABLES, settingDefaults } from './config.ts';

/** The rows of the README's configuration table: the variables of each row and their defaults. */
function readmeSettings(): { variables: string[]; defaults: string[] }[] {
  const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('## Configuration'),
    readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
  );
  const quoted = (cell: string) => [...cell.matchAll(/`([^`]*)`/g)].map((match) => match[1]!);
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [variables = '', defaults = ''] = line.split('|').slice(1);
      return { variables: quoted(variables), defaults: quoted(defaults) };
    });
}

describe('configuration', () => {
  test("the README's table names every setting once, none other, with the defaults the schema has", () => {
    const rows = readmeSettings();
    const named = rows.flatMap((row) => row.variables);
    expect([...named].sort()).toEqual([...SETTING_VARIABLES].sort());
    // A row whose defaults are one value a variable: each is the schema's (others are said in words).
    const defaults = settingDefaults();
    for (const { variables, defaults: shown } of rows) {
      if (shown.length !== variables.length) continue;
      variables.forEach((variable, index) => {
        if (defaults[variable] !== undefined) expect(shown[index], variable).toBe(defaults[variable]);
      });
    }
  });

  test('every setting has a default that works out of the box', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      shop: { url: 'http://localhost:3000/shop-demo', origin: 'http://localhost:3000' },
      mail: { smtpUrl: undefined, outboxDir: path.resolve('data/outbox') },
      worker: 'inline',
    });
  });

  test('names every bad variable with what was given', () => {
    const problems = (() => {
      try {
        loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SUPPORT_EMAIL: 'nope' });
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    })();
    expect(problems).toEqual([
      expect.stringMatching(/^PORT .*\(got "abc"\)$/),
      'DATABASE_URL must be a URL starting with postgres:// or postgresql:// (got "mysql://x")',
      expect.stringMatching(/^SUPPORT_EMAIL must be an e-mail address \(got "nope"\)$/),
    ]);
  });

  test('never repeats secrets or URL credentials in its messages', () => {
    const message = (() => {
      try {
        loadConfig({ JWT_SECRET: 'too-short-secret', DATABASE_URL: 'mysql://user:hunter2@db/x' });
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(message).toContain('JWT_SECRET must be at least 32 characters long');
    expect(message).toContain('mysql://***@db/x');
    expect(message).not.toContain('too-short-secret');
    expect(message).not.toContain('hunter2');
  });

  test('a separate worker needs a database server', () => {
    expect(() => loadConfig({ WORKER: 'off' })).toThrow('WORKER off needs DATABASE_URL');
    expect(loadConfig({ WORKER: 'off', DATABASE_URL: 'postgres://db/portal' }).worker).toBe('off');
  });

  test("a dead worker's jobs: a heartbeat of 30 s (never under pg-boss's 10 s), looked for every 15 s", () => {
    expect(loadConfig({}).jobQueue).toEqual({ heartbeatSeconds: 30, superviseIntervalSeconds: 15 });
    expect(loadConfig({ JOB_HEARTBEAT_SECONDS: '10', JOB_SUPERVISE_INTERVAL_SECONDS: '2' }).jobQueue).toEqual(
      { heartbeatSeconds: 10, superviseIntervalSeconds: 2 },
    );
    expect(() => loadConfig({ JOB_HEARTBEAT_SECONDS: '9' })).toThrow(/JOB_HEARTBEAT_SECONDS/);
    expect(() => loadConfig({ JOB_HEARTBEAT_SECONDS: '3601' })).toThrow(/JOB_HEARTBEAT_SECONDS/);
    expect(() => loadConfig({ JOB_SUPERVISE_INTERVAL_SECONDS: '0' })).toThrow(
      /JOB_SUPERVISE_INTERVAL_SECONDS/,
    );
    expect(() => loadConfig({ JOB_SUPERVISE_INTERVAL_SECONDS: '1.5' })).toThrow(
      /JOB_SUPERVISE_INTERVAL_SECONDS/,
    );
  });

  test('trusts a number of proxies or their addresses, never every X-Forwarded-For entry', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  test('HTTP timeouts and the cap per client: defaults in seconds, the header timeout within the request timeout', () => {
    expect(loadConfig({}).http).toEqual({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 72_000,
      idleTimeoutMs: 120_000,
      unfinishedRequestsPerClient: 16,
      unfinishedBodyBytes: 64 * 1024 * 1024,
      idleConnectionsPerClient: 32,
    });
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '60', HEADERS_TIMEOUT_SECONDS: '60' }).http).toMatchObject({
      requestTimeoutMs: 60_000,
      headersTimeoutMs: 60_000,
    });
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '5' })).toThrow(
      'HEADERS_TIMEOUT_SECONDS must not exceed REQUEST_TIMEOUT_SECONDS',
    );
    expect(() => loadConfig({ CLIENT_UNFINISHED_REQUEST_LIMIT: '0' })).toThrow(
      /CLIENT_UNFINISHED_REQUEST_LIMIT/,
    );
  });

  test('admin name and password come together', () => {
    expect(() => loadConfig({ ADMIN_USERNAME: 'root' })).toThrow(
      'ADMIN_PASSWORD must be set together with ADMIN_USERNAME',
    );
    expect(
      loadConfig({ ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'long-enough-password' }).initialAdmin,
    ).toEqual({
      username: 'root',
      password: 'long-enough-password',
    });
  });

  test('shop product ids: defaults of the demo shop, overridden per SKU', () => {
    expect(loadConfig({}).shop.productIds).toEqual({
      'M9-PRO': 801,
      'M9-PER': 802,
      'M9-PROU': 803,
      'M9-PERU': 804,
      'M9-DVD': 805,
    });
    expect(loadConfig({ SHOP_PRODUCT_IDS: 'M9-PRO=11, M9-DVD=15' }).shop.productIds).toMatchObject({
      'M9-PRO': 11,
      'M9-PER': 802,
      'M9-DVD': 15,
    });
    const problem = (value: string) => {
      try {
        loadConfig({ SHOP_PRODUCT_IDS: value });
      } catch (error) {
        return (error as ConfigError).problems[0];
      }
      return undefined;
    };
    expect(problem('M9-XXL=1')).toMatch(/^SHOP_PRODUCT_IDS names an unknown SKU M9-XXL/);
    expect(problem('M9-PRO:801')).toMatch(/^SHOP_PRODUCT_IDS must be a list of SKU=product id/);
    expect(problem('M9-PRO=805')).toMatch(/^SHOP_PRODUCT_IDS must give each SKU a product id of its own/);
  });

  test('production mode requires the secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET is required in production mode[\s\S]*SHOP_WEBHOOK_SECRET is required in production mode[\s\S]*SHOP_CART_SIGNING_KEY is required in production mode/,
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(32),
        SHOP_WEBHOOK_SECRET: 'Xw3k9PqL2mNz7RtB4vYc8HjD5sGf6AeK',
        SHOP_CART_SIGNING_KEY: 'c'.repeat(32),
      }).isProduction,
    ).toBe(true);
  });

  test('production mode refuses a webhook secret WooCommerce could sign differently: under 32 letters and digits', () => {
    const problem = (secret: string) => {
      try {
        loadConfig({
          NODE_ENV: 'production',
          JWT_SECRET: 'x'.repeat(32),
          SHOP_WEBHOOK_SECRET: secret,
          SHOP_CART_SIGNING_KEY: 'c'.repeat(32),
        });
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    const refusal = [
      'SHOP_WEBHOOK_SECRET must be at least 32 letters and digits in production mode (the same secret in the webhook of WooCommerce, which would read characters such as & differently)',
    ];
    expect(problem('x')).toEqual(refusal);
    expect(problem('a'.repeat(31))).toEqual(refusal);
    expect(problem(`${'a'.repeat(32)}&amp;`)).toEqual(refusal);
    expect(problem(`${'a'.repeat(30)} b`)).toEqual(refusal);
    expect(problem('A1'.repeat(16))).toEqual([]);
    // Outside production a development secret of any form still starts.
    expect(loadConfig({ SHOP_WEBHOOK_SECRET: 'x' }).shop.webhookSecret).toBe('x');
  });
});
