// The Connected Purchases theme block: lists the brand's retailers with this customer's connection status and
// lets them link, sign in again or disconnect, through the app proxy (/apps/service/*). Framework-free, no
// inline script or style, no storage: the platform's session cookie identifies the customer.
(function () {
  'use strict';

  var root = document.querySelector('[data-cps-block]');
  if (!root) return;
  var base = root.getAttribute('data-proxy-path') || '/apps/service';
  var signedIn = root.getAttribute('data-signed-in') === 'true';
  var loginUrl = root.getAttribute('data-login-url') || '/account/login';

  var status = element('p', { class: 'cps-message', role: 'status', 'aria-live': 'polite' });
  var body = element('div', { class: 'cps-body' });
  root.appendChild(status);
  root.appendChild(body);

  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      node.setAttribute(name, attributes[name]);
    });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function say(message) {
    status.textContent = message;
  }

  /** JSON from the app proxy; `signedOut` when the app sends the visitor to the login page. */
  function call(method, path, payload) {
    return fetch(base + path, {
      method: method,
      credentials: 'same-origin',
      redirect: 'manual',
      headers: payload
        ? { 'content-type': 'application/json', accept: 'application/json' }
        : { accept: 'application/json' },
      body: payload ? JSON.stringify(payload) : undefined,
    }).then(function (response) {
      if (response.type === 'opaqueredirect' || response.status === 400) return { signedOut: true };
      return response.text().then(function (text) {
        var data = null;
        try {
          data = text ? JSON.parse(text) : null;
        } catch (error) {
          data = null;
        }
        return { status: response.status, ok: response.ok, data: data };
      });
    });
  }

  function signInPrompt() {
    body.textContent = '';
    body.appendChild(element('p', {}, 'Sign in to link the stores you shop at and earn rewards on your purchases.'));
    body.appendChild(element('a', { class: 'cps-button', href: loginUrl }, 'Sign in'));
    root.hidden = false;
  }

  function showProblem() {
    body.textContent = '';
    body.appendChild(
      element(
        'p',
        { class: 'cps-error', role: 'alert' },
        'Your store accounts cannot be shown right now. Reload the page to try again.',
      ),
    );
    root.hidden = false;
  }

  var LABELS = {
    active: 'Linked',
    unauthenticated: 'Signed out: sign in again to keep earning',
  };

  function statusOf(retailer) {
    var connection = retailer.connection;
    if (!connection) return 'none';
    return connection.status;
  }

  function row(retailer) {
    var state = statusOf(retailer);
    var item = element('li', { class: 'cps-retailer', 'data-retailer-id': retailer.retailer_id, 'data-status': state });
    var logo = retailer.images && retailer.images.icon && retailer.images.icon.light;
    if (logo) item.appendChild(element('img', { src: logo, alt: '', width: '32', height: '32' }));
    item.appendChild(element('span', { class: 'cps-name' }, retailer.name));
    item.appendChild(element('span', { class: 'cps-status' }, LABELS[state] || 'Not linked'));
    var actions = element('span', { class: 'cps-actions' });
    if (state === 'active') {
      actions.appendChild(
        button(
          'Disconnect',
          'Disconnect ' + retailer.name,
          function () {
            return disconnect(retailer);
          },
          'secondary',
        ),
      );
    } else if (state === 'unauthenticated') {
      actions.appendChild(
        button('Sign in again', 'Sign in again to ' + retailer.name, function () {
          return link(retailer, retailer.connection.connection_id);
        }),
      );
    } else {
      actions.appendChild(
        button('Link', 'Link your ' + retailer.name + ' account', function () {
          return link(retailer);
        }),
      );
    }
    item.appendChild(actions);
    return item;
  }

  function button(label, accessibleName, action, kind) {
    var node = element(
      'button',
      { type: 'button', class: 'cps-button' + (kind ? ' ' + kind : ''), 'aria-label': accessibleName },
      label,
    );
    node.addEventListener('click', function () {
      setBusy(true);
      action().catch(function () {
        say('Something went wrong. Please try again.');
        setBusy(false);
      });
    });
    return node;
  }

  function setBusy(busy) {
    root.setAttribute('aria-busy', busy ? 'true' : 'false');
    Array.prototype.forEach.call(root.querySelectorAll('button'), function (node) {
      node.disabled = busy;
    });
  }

  /** Opens the hosted link flow for the retailer (a fresh link, or `connectionId` to sign in again). */
  function link(retailer, connectionId) {
    var payload = {
      retailerId: retailer.retailer_id,
      retailerLinkUrl: retailer.link_url,
      redirectUrl: window.location.pathname,
    };
    if (connectionId) payload.connectionId = connectionId;
    return call('POST', '/connections', payload).then(function (answer) {
      if (answer.signedOut) return signInPrompt();
      if (!answer.ok || !answer.data || !answer.data.link_url) throw new Error('link failed');
      say('Opening ' + retailer.name + '...');
      window.location.assign(answer.data.link_url);
    });
  }

  function disconnect(retailer) {
    return call('POST', '/disconnect-connection', { connectionId: retailer.connection.connection_id }).then(
      function (answer) {
        if (answer.signedOut) return signInPrompt();
        if (!answer.ok) throw new Error('disconnect failed');
        return load().then(function () {
          say('Your ' + retailer.name + ' account is disconnected.');
        });
      },
    );
  }

  /** What the link flow said on its way back (`link_result`), announced once, then taken out of the address. */
  function announceReturn(retailers) {
    var params = new URLSearchParams(window.location.search);
    var result = params.get('link_result');
    if (!result) return;
    var connectionId = params.get('connection_id');
    var linked = retailers.filter(function (retailer) {
      return retailer.connection && retailer.connection.connection_id === connectionId;
    })[0];
    var name = linked ? linked.name : 'store';
    if (result === 'success') say('Your ' + name + ' account is linked.');
    else if (result === 'cancelled') say('Nothing was linked.');
    else say('Your account could not be linked. Please try again.');
    params.delete('link_result');
    params.delete('connection_id');
    var query = params.toString();
    window.history.replaceState(null, '', window.location.pathname + (query ? '?' + query : '') + window.location.hash);
  }

  function load() {
    return Promise.all([call('GET', '/visibility'), call('GET', '/retailers')]).then(function (answers) {
      var visibility = answers[0];
      var listed = answers[1];
      if (visibility.signedOut || listed.signedOut) return signInPrompt();
      if (visibility.status === 404) return hide();
      if (!visibility.ok || !listed.ok) return showProblem();
      if (!visibility.data.blockVisible) return hide();
      var hidden = visibility.data.restrictedRetailerIds || [];
      var retailers = listed.data.retailers.filter(function (retailer) {
        return hidden.indexOf(retailer.retailer_id) < 0;
      });
      body.textContent = '';
      if (retailers.length === 0) {
        body.appendChild(element('p', {}, 'No stores are available to link right now.'));
      } else {
        body.appendChild(element('p', {}, 'Link the stores you shop at to earn rewards on your purchases there.'));
        var list = element('ul', { class: 'cps-retailers', 'aria-label': 'Stores' });
        retailers.forEach(function (retailer) {
          list.appendChild(row(retailer));
        });
        body.appendChild(list);
      }
      root.hidden = false;
      setBusy(false);
      announceReturn(retailers);
    });
  }

  function hide() {
    root.hidden = true;
  }

  function start() {
    if (signedIn) return load();
    return call('GET', '/configuration').then(function (answer) {
      if (answer.ok && answer.data && answer.data.signed_out_prompt) signInPrompt();
      else hide();
    });
  }

  start().catch(showProblem);
})();
