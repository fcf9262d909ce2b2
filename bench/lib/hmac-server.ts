/**
 * The floor of the shop webhook benchmark: a bare node:http endpoint that reads the raw body,
 * checks its HMAC-SHA256 signature in constant time and answers JSON — what any signed webhook
 * costs before it stores anything.
 */
import crypto from 'node:crypto';
import http from 'node:http';

const secret = process.env['SHOP_WEBHOOK_SECRET'] ?? '';

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const expected = crypto.createHmac('sha256', secret).update(Buffer.concat(chunks)).digest('base64');
    const given = String(request.headers['x-wc-webhook-signature'] ?? '');
    const valid = crypto.timingSafeEqual(
      crypto.createHash('sha256').update(expected).digest(),
      crypto.createHash('sha256').update(given).digest(),
    );
    const answer = JSON.stringify({ data: { received: valid ? 'created' : 'refused' } });
    response.writeHead(valid ? 200 : 401, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(answer),
    });
    response.end(answer);
  });
});
server.listen(Number(process.env['PORT']), '127.0.0.1', () => process.send?.('ready'));
