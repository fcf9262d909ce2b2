/** The floor of the sign-in benchmark: a bare node:http endpoint that parses a JSON POST and answers JSON. */
import http from 'node:http';

const server = http.createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    const parsed = JSON.parse(body) as { key?: string };
    const answer = JSON.stringify({ data: { status: parsed.key ? 'unbound' : 'unknown' } });
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(answer),
    });
    response.end(answer);
  });
});
server.listen(Number(process.env['PORT']), '127.0.0.1', () => process.send?.('ready'));
