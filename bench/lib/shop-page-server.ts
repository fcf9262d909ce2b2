/**
 * A stand-in for the vendor's shop page in the assistant benchmark: `/?frame=<url>` is a page that
 * only frames that address, 850 px high as the shop starts the assistant's iframe. It is served on
 * another site than the framed pages (127.0.0.1 here, the frames on localhost), as the shop is.
 */
import http from 'node:http';

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

const server = http.createServer((request, response) => {
  const frame = new URL(request.url ?? '/', 'http://localhost').searchParams.get('frame');
  if (!frame || !/^https?:\/\//.test(frame)) {
    response.writeHead(400).end();
    return;
  }
  const body = `<!doctype html>
<html lang="de">
  <head><meta charset="UTF-8" /><title>Shop</title></head>
  <body>
    <iframe src="${escapeAttribute(frame)}" title="Lizenz-Assistent" style="width: 100%; height: 850px; border: 0"></iframe>
  </body>
</html>
`;
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-cache',
  });
  response.end(body);
});
server.listen(Number(process.env['PORT']), '127.0.0.1', () => process.send?.('ready'));
