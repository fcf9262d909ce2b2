// The shop page's side of the assistant (the portal's customer spec §7): the iframe's height and
// scroll messages, and `add_to_cart`, whose signed cart the plugin's REST route turns into the
// WooCommerce cart. Only messages from the portal's origin and the iframe's own window count.
(function () {
  'use strict';
  var config = window.lizenzportalAssistent;
  if (!config) return;
  var MIN_HEIGHT = 850;
  var MAX_HEIGHT = 20000;

  document.querySelectorAll('[data-lizenzportal-assistent]').forEach(function (container) {
    var frame = container.querySelector('iframe');
    var status = container.querySelector('.lizenzportal-assistent__status');
    var busy = false;

    function say(text) {
      status.textContent = text;
    }

    function addToCart(data) {
      if (busy || !data || typeof data.cartToken !== 'string') return;
      busy = true;
      say(config.adding);
      fetch(config.cartRoute, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': config.nonce },
        body: JSON.stringify({
          cartToken: data.cartToken,
          sessionToken: data.sessionToken || null,
          offerToken: data.offerToken || null,
        }),
      })
        .then(function (response) {
          return response.json().then(function (body) {
            if (!response.ok) throw new Error((body && body.message) || config.failed);
            window.location.assign(body.cartUrl);
          });
        })
        .catch(function (error) {
          busy = false;
          say(error && error.message ? error.message : config.failed);
        });
    }

    window.addEventListener('message', function (event) {
      if (event.origin !== config.portalOrigin || event.source !== frame.contentWindow) return;
      var message = event.data;
      if (!message || typeof message.type !== 'string') return;
      if (message.type === 'adjust_height') {
        var height = Number(message.data && message.data.height);
        if (isFinite(height)) {
          frame.style.height = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(height))) + 'px';
        }
      } else if (message.type === 'scroll_to_top') {
        frame.scrollIntoView({ block: 'start' });
      } else if (message.type === 'add_to_cart') {
        addToCart(message.data);
      }
    });
  });
})();
