/**
 * Serves a built page's folder (`DIR`) over loopback, as plainly as the portal serves its build
 * (no compression): the floor of the assistant benchmark.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const DIR = path.resolve(process.env['DIR']!);
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

const server = http.createServer((request, response) => {
  const pathName = new URL(request.url ?? '/', 'http://localhost').pathname;
  const file = path.join(DIR, pathName === '/' ? 'index.html' : pathName);
  if (!file.startsWith(`${DIR}${path.sep}`) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    response.writeHead(404).end();
    return;
  }
  const body = fs.readFileSync(file);
  response.writeHead(200, {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'content-length': body.length,
    'cache-control': 'no-cache',
  });
  response.end(body);
});
server.listen(Number(process.env['PORT']), '127.0.0.1', () => process.send?.('ready'));
