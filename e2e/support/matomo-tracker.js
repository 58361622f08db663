/* global window, document, Image, URLSearchParams */
// A minimal stand-in for Matomo's matomo.js, served by the local analytics receiver in the browser
// tests (the real tracker is not published on the npm registry). It implements only the _paq
// commands Meridian uses and sends them as standard Matomo HTTP tracking API requests (GET with
// idsite, rec, url, action_name, search, e_c/e_a, dimensionN ...). It sets no cookie.
(function () {
  var state = {
    trackerUrl: '',
    siteId: '',
    consentRequired: false,
    consentGiven: false,
    customUrl: null,
    title: null,
    referrer: null,
    dimensions: {},
    queue: [],
  };

  function send(params) {
    if (state.consentRequired && !state.consentGiven) {
      state.queue.push(params);
      return;
    }
    var query = {
      idsite: state.siteId,
      rec: '1',
      apiv: '1',
      send_image: '0',
      rand: String(Math.random()).slice(2),
      url: state.customUrl || window.location.href,
    };
    if (state.referrer) query.urlref = state.referrer;
    Object.keys(state.dimensions).forEach(function (id) {
      query['dimension' + id] = state.dimensions[id];
    });
    Object.keys(params).forEach(function (key) {
      query[key] = params[key];
    });
    new Image().src = state.trackerUrl + '?' + new URLSearchParams(query).toString();
  }

  var commands = {
    setTrackerUrl: function (url) {
      state.trackerUrl = url;
    },
    setSiteId: function (id) {
      state.siteId = String(id);
    },
    setSecureCookie: function () {},
    disableCookies: function () {},
    requireConsent: function () {
      state.consentRequired = true;
      state.consentGiven = false;
    },
    setConsentGiven: function () {
      state.consentGiven = true;
      var queued = state.queue;
      state.queue = [];
      queued.forEach(send);
    },
    setCustomUrl: function (url) {
      state.customUrl = url;
    },
    setDocumentTitle: function (title) {
      state.title = title;
    },
    setReferrerUrl: function (url) {
      state.referrer = url;
    },
    setCustomDimension: function (id, value) {
      state.dimensions[id] = value;
    },
    deleteCustomDimension: function (id) {
      delete state.dimensions[id];
    },
    resetUserId: function () {},
    trackPageView: function () {
      send({ action_name: state.title || document.title });
    },
    trackSiteSearch: function (keyword, category) {
      var params = { action_name: state.title || document.title, search: keyword };
      if (category) params.search_cat = category;
      send(params);
    },
    trackEvent: function (category, action, name) {
      var params = { e_c: category, e_a: action, ca: '1' };
      if (name) params.e_n = name;
      send(params);
    },
    enableLinkTracking: function () {
      document.addEventListener('click', function (event) {
        var link = event.target instanceof window.Element ? event.target.closest('a[href]') : null;
        if (link && link.host !== window.location.host) send({ link: link.href, url: link.href });
      });
    },
  };

  function run(command) {
    var handler = commands[command[0]];
    if (handler) handler.apply(null, command.slice(1));
  }

  var pending = window._paq || [];
  window._paq = { push: run };
  pending.forEach(run);
})();
