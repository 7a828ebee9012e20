/* Copyright 2026 The twochoice Authors. SPDX-License-Identifier: Apache-2.0 */
/*
 * The player every page of the lab shares. A page asks the server for the whole run of its
 * parameters (every step computed by the library) and hands Lab.start() how to draw the state after
 * a given step; the player then plays, pauses, steps back and forward, jumps, runs to the end, keeps
 * the parameters of the run on screen and its step in the URL (read and checked in one place,
 * written at a bounded rate), highlights the pseudocode line of the step, asks the student to
 * predict the next step when predict mode is on (accepting every answer the rule allows, one score
 * per run), switches to projector mode (the figure first, fitted to the screen, no text under
 * 18 px), exports the figure as SVG and its data as CSV, and shows a one-line message when a
 * parameter is refused. Nothing here computes a step: it only replays what the server sent.
 */
'use strict';

const Lab = (() => {
  const SVG_NS = 'http://www.w3.org/2000/svg';

  /* Okabe-Ito: distinguishable with every common colour-vision deficiency. */
  const COLOURS = {
    black: '#000000', orange: '#E69F00', sky: '#56B4E9', green: '#009E73',
    yellow: '#F0E442', blue: '#0072B2', vermillion: '#D55E00', purple: '#CC79A7',
    /* grey outlines a shape (3.4:1 on white); light only draws grid lines. */
    grey: '#8c8c8c', light: '#e4e4e4',
  };
  /* The same hues dark enough for text: at least 4.5:1 on white and on the light blue fills. */
  const INK = {
    orange: '#895f00', sky: '#346d8e', green: '#007656', blue: '#006daa',
    vermillion: '#aa4b00', purple: '#905576',
  };
  const SERIES = [COLOURS.blue, COLOURS.orange, COLOURS.green, COLOURS.purple, COLOURS.vermillion,
    COLOURS.sky, COLOURS.black, COLOURS.yellow];
  const SPEEDS = [0.5, 1, 2, 4, 8, 16, 32, 64, 128];
  const MAX_TICKS_PER_SECOND = 30;
  /* Chrome ignores a page's address updates beyond about 200 in 10 s: write at most 10 a second. */
  const ADDRESS_INTERVAL_MS = 100;
  /* The smallest text projector mode draws, in CSS pixels on the screen. */
  const PROJECTOR_TEXT_PX = 18;
  /* The URL's flags: 0 or 1, the player's to check. */
  const FLAGS = ['predict', 'projector'];

  function svg(parent, tag, attributes, text) {
    const element = document.createElementNS(SVG_NS, tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      element.setAttribute(name, value);
    }
    if (text !== undefined) {
      element.textContent = String(text);
    }
    parent.appendChild(element);
    return element;
  }

  function html(parent, tag, attributes, text) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      element.setAttribute(name, value);
    }
    if (text !== undefined) {
      element.textContent = String(text);
    }
    if (parent) {
      parent.appendChild(element);
    }
    return element;
  }

  function clear(element) {
    while (element.firstChild) {
      element.removeChild(element.firstChild);
    }
  }

  /** A number for people: at most `digits` significant digits, no trailing zeros. */
  function number(value, digits) {
    if (value === null || value === undefined || Number.isNaN(value)) {
      return 'n/a';
    }
    return String(Number(value.toPrecision(digits || 3)));
  }

  function percent(value) {
    return number(100 * value, 3) + ' %';
  }

  /** Fetches a JSON answer; rejects with the server's own message on HTTP 400. */
  async function getJson(url) {
    const response = await fetch(url);
    let body;
    try {
      body = await response.json();
    } catch (e) {
      throw new Error('the server answered HTTP ' + response.status);
    }
    if (!response.ok) {
      throw new Error(body.error || 'the server answered HTTP ' + response.status);
    }
    return body;
  }

  function download(name, type, text) {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], {type}));
    link.download = name;
    document.body.appendChild(link);
    link.click();
    setTimeout(() => {
      URL.revokeObjectURL(link.href);
      link.remove();
    }, 0);
  }

  /** The SVG of a figure as a file: the drawing with its own namespace and a white background. */
  function svgFile(figure) {
    const copy = figure.cloneNode(true);
    copy.setAttribute('xmlns', SVG_NS);
    const box = figure.viewBox.baseVal;
    copy.setAttribute('width', box.width);
    copy.setAttribute('height', box.height);
    const background = document.createElementNS(SVG_NS, 'rect');
    background.setAttribute('width', '100%');
    background.setAttribute('height', '100%');
    background.setAttribute('fill', '#ffffff');
    copy.insertBefore(background, copy.firstChild);
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(copy);
  }

  function projectorOn() {
    return document.body.classList.contains('projector');
  }

  /**
   * Projector mode's type: every text of a drawing at least PROJECTOR_TEXT_PX on the screen,
   * whatever the scale the drawing is fitted at; out of it, each text the size it was drawn.
   */
  function fitText(drawing) {
    const matrix = drawing.getScreenCTM();
    const least = matrix && matrix.a > 0 ? PROJECTOR_TEXT_PX / matrix.a : 0;
    for (const text of drawing.querySelectorAll('text')) {
      if (text.dataset.drawnSize === undefined) {
        text.dataset.drawnAttribute = text.getAttribute('font-size') || '';
        text.dataset.drawnSize = String(parseFloat(getComputedStyle(text).fontSize));
      }
      const drawn = Number(text.dataset.drawnSize);
      if (projectorOn() && drawn < least) {
        text.setAttribute('font-size', least.toFixed(1));
      } else if (text.dataset.drawnAttribute) {
        text.setAttribute('font-size', text.dataset.drawnAttribute);
      } else {
        text.removeAttribute('font-size');
      }
      if (text.dataset.maxWidth) {
        shorten(text, Number(text.dataset.maxWidth));
      }
    }
  }

  /** Ends a text with … where it would run past `width`; the whole text stays in data-full. */
  function shorten(text, width) {
    if (text.dataset.full === undefined) {
      text.dataset.full = text.textContent;
    }
    const full = text.dataset.full;
    text.textContent = full;
    for (let keep = full.length - 1; keep > 0 && text.getComputedTextLength() > width; keep--) {
      text.textContent = full.slice(0, keep) + '…';
    }
  }

  /**
   * A legend on one line: each item a coloured mark and its label, in one text so that the items
   * keep their spacing at any type size. `items` are [colour, mark, label].
   */
  function legendLine(parent, attributes, items) {
    const line = svg(parent, 'text', attributes);
    items.forEach(([colour, mark, label], i) => {
      svg(line, 'tspan', {fill: colour, 'font-weight': 'bold', class: 'mark'},
        (i > 0 ? '\u2003' : '') + mark);
      svg(line, 'tspan', {}, '\u2002' + label);
    });
    return line;
  }

  /** Fits the text of the figure and of every chart to the mode and the screen. */
  function fitAllText() {
    document.querySelectorAll('#figure, .chart svg').forEach(fitText);
  }

  function csvLine(cells) {
    return cells.map((cell) => {
      const text = String(cell);
      return /[",\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
    }).join(',') + '\n';
  }

  function showError(message) {
    const box = document.getElementById('error');
    box.textContent = message ? 'Error: ' + message : '';
    box.hidden = !message;
    if (message) {
      box.scrollIntoView({block: 'nearest'});
    }
  }

  /**
   * The page's address: the parameters of what the page shows, written to the URL at a bounded
   * rate (a burst of changes is written once, at most ADDRESS_INTERVAL_MS later) so that it stays
   * true however fast the player runs.
   */
  const address = {
    query: new URLSearchParams(location.search),
    lastWrite: -Infinity,
    timer: null,

    set(entries) {
      for (const [name, value] of entries) {
        if (value === null) {
          this.query.delete(name);
        } else {
          this.query.set(name, value);
        }
      }
      const wait = this.lastWrite + ADDRESS_INTERVAL_MS - performance.now();
      if (wait <= 0) {
        this.write();
      } else if (this.timer === null) {
        this.timer = setTimeout(() => this.write(), wait);
      }
    },

    write() {
      clearTimeout(this.timer);
      this.timer = null;
      this.lastWrite = performance.now();
      history.replaceState(null, '', location.pathname + '?' + this.query);
    },
  };

  /** A whole step number from text, or null: no sign, no decimals, no letters. */
  function wholeNumber(text) {
    return /^[0-9]+$/.test(String(text).trim()) ? Number(text) : null;
  }

  /** A form's fields as a query: for the URL by their names, for the API by data-param if set. */
  function formQuery(form, forUrl) {
    const query = new URLSearchParams();
    for (const element of form.elements) {
      if (element.name) {
        query.set(forUrl ? element.name : element.dataset.param || element.name, element.value);
      }
    }
    return query;
  }

  /** Why a field cannot hold a value (letters in a number field), or null if it holds it as is. */
  function refusal(element, value) {
    if (element.value === value) {
      return null;
    }
    const name = element.dataset.param || element.name;
    return Number.isFinite(Number(value)) && value.trim() !== ''
      ? name + ' must be from ' + element.min + ' to ' + element.max + ': ' + value
      : name + ' must be a number: ' + (value === '' ? '(empty)' : value);
  }

  /**
   * The one place a page reads its URL: fills every named field of its forms, and returns the
   * URL with the first value a field refused (null if none). A select takes any value, which the
   * server then names in its error; the step and the flags are the player's to check.
   */
  function readUrl() {
    const url = new URLSearchParams(location.search);
    let refused = null;
    for (const form of document.querySelectorAll('form.params')) {
      for (const element of form.elements) {
        if (element.name && url.has(element.name)) {
          const value = url.get(element.name);
          if (element.tagName === 'SELECT' && ![...element.options].some((o) => o.value === value)) {
            html(element, 'option', {value}, value);
          }
          element.value = value;
          element.dispatchEvent(new Event('input'));
          refused = refused || refusal(element, value);
        }
      }
    }
    for (const flag of FLAGS) {
      if (url.has(flag) && !['0', '1'].includes(url.get(flag))) {
        refused = refused || flag + ' must be 0 or 1: ' + url.get(flag);
      }
    }
    return {url, refused};
  }

  const PAGES = [['balls.html', 'Balls into bins'], ['dleft.html', 'd-left'],
    ['cuckoo.html', 'Cuckoo'], ['rendezvous.html', 'Rendezvous'], ['board.html', 'Stale board']];

  /** The links to every page, in the header. */
  function buildNav() {
    const header = document.querySelector('header');
    const nav = html(null, 'nav', {'aria-label': 'Lab pages'});
    html(nav, 'a', {href: '/'}, 'twochoice lab');
    for (const [file, title] of PAGES) {
      const link = html(nav, 'a', {href: '/' + file}, title);
      if (location.pathname === '/' + file) {
        link.setAttribute('aria-current', 'page');
      }
    }
    header.appendChild(nav);
  }

  function buildPlayer(container, page) {
    container.innerHTML = `
      <div id="error" class="error" role="alert" hidden></div>
      <div class="controls player-controls" role="toolbar" aria-label="Player">
        <button type="button" id="to-start" title="Back to step 0 (Home)" aria-label="Back to step 0">|◀ Start</button>
        <button type="button" id="back" title="Step back (Left arrow)">◀ Back</button>
        <button type="button" id="play" class="primary" title="Play or pause (Space)">▶ Play</button>
        <button type="button" id="forward" title="Step forward (Right arrow)">Forward ▶</button>
        <button type="button" id="to-end" title="Run to the end (End)">End ▶|</button>
        <label>Speed <select id="speed" title="Steps per second (+ and -)"></select></label>
        <label>Step <input id="jump" type="number" min="0" value="0"></label>
        <button type="button" id="go" title="Jump to this step">Go</button>
        <span id="step-label" aria-live="polite">step 0 / 0</span>
      </div>
      <div class="controls mode-controls">
        <label><input type="checkbox" id="predict"> Predict before reveal (P)</label>
        <span id="score">score 0 / 0</span>
        <button type="button" id="projector" aria-pressed="false"
          title="The figure first, fitted to the screen, in large type (F)">Projector</button>
        <button type="button" id="export-svg">Export SVG</button>
        <button type="button" id="export-csv">Export CSV</button>
        <span class="keys">Keys: Space play/pause, ← →, Home, End, + −, P, F, 1–9 answer</span>
      </div>
      <div id="question" hidden>
        <p id="question-text"></p>
        <div id="options" role="group" aria-label="Your prediction"></div>
      </div>
      <div id="feedback" aria-live="polite"></div>
      <div class="stage">
        <div class="figure-box">
          <svg id="figure" viewBox="0 0 ${page.width} ${page.height}" role="img"
            preserveAspectRatio="xMidYMin meet"
            aria-label="${page.figureLabel}"></svg>
        </div>
        <aside>
          <h2>Pseudocode</h2>
          <ol id="pseudocode" class="pseudocode"></ol>
          <h2>Now</h2>
          <div id="status" aria-live="polite"></div>
        </aside>
      </div>`;
    const speed = container.querySelector('#speed');
    for (const s of SPEEDS) {
      html(speed, 'option', {value: String(s)}, s + ' steps/s');
    }
    speed.value = '4';
  }

  /**
   * Starts a page. `page` gives:
   *   api: the trace endpoint;  name: for file names;  width, height, figureLabel: the figure's;
   *   pseudocode(data): the lines;  render(data, step, view): draws the figure and returns
   *   {line, status, height}, where view = {figure, preview} (preview: a question about step + 1
   *   is open) and height, if given, replaces the figure's;
   *   question(data, step): null or {text, options: [{id, label}], answer, accepted, explain}
   *   for step + 1, where answer is what the run drew and accepted (if given) every option the
   *   rule allows, the drawn one among them;
   *   rule(data), optional: the rule a score is for;  csv(data, step): the figure's data now.
   */
  function start(page) {
    buildNav();
    buildPlayer(document.getElementById('player'), page);
    const form = document.getElementById('trace-form');
    const figure = document.getElementById('figure');
    const $ = (id) => document.getElementById(id);
    const state = {data: null, run: [], step: 0, timer: null, asked: new Set(), right: 0,
      total: 0, scores: [], question: null, resume: false};
    const {url, refused} = readUrl();
    $('predict').checked = url.get('predict') === '1';
    setProjector(url.get('projector') === '1');
    new ResizeObserver(fitAllText).observe(figure);

    function steps() {
      return state.data ? state.data.steps : 0;
    }

    /** The address names the run on screen (not fields edited since), its step and the mode. */
    function writeUrl() {
      address.set(state.run.concat([['step', String(state.step)],
        ['predict', $('predict').checked ? '1' : null],
        ['projector', projectorOn() ? '1' : null]]));
    }

    /** Projector mode: the figure first, fitted to the screen, its text at least 18 px. */
    function setProjector(on) {
      document.body.classList.toggle('projector', on);
      $('projector').setAttribute('aria-pressed', String(on));
      fitAllText();
      if (state.data) {
        writeUrl();
      }
    }

    /** This run's score, named by its rule. */
    function scoreText() {
      return state.right + ' / ' + state.total
        + (state.data && page.rule ? ' (' + page.rule(state.data) + ')' : '');
    }

    function showScore() {
      $('score').textContent = 'score ' + scoreText()
        + state.scores.map((s) => '; earlier ' + s).join('');
    }

    /** The step a text names in the run on screen: {step}, or {message} saying why not. */
    function parseStep(text) {
      const step = wholeNumber(text);
      return step !== null && step <= steps() ? {step}
        : {message: 'step must be a whole number from 0 to ' + steps() + ': ' + text};
    }

    function render() {
      clear(figure);
      const controls = ['to-start', 'back', 'play', 'forward', 'to-end', 'go', 'export-svg',
        'export-csv'];
      for (const id of controls) {
        $(id).disabled = !state.data;
      }
      $('step-label').textContent = 'step ' + state.step + ' / ' + steps();
      $('jump').max = String(steps());
      $('jump').value = String(state.step);
      showScore();
      writeUrl();
      const code = $('pseudocode');
      clear(code);
      if (!state.data) {
        $('status').textContent = '';
        return;
      }
      const shown = page.render(state.data, state.step, {figure, preview: state.question !== null});
      figure.setAttribute('viewBox', '0 0 ' + page.width + ' ' + (shown.height || page.height));
      fitText(figure);
      page.pseudocode(state.data).forEach((text, i) => {
        const line = html(code, 'li', {}, text);
        if (i === shown.line) {
          line.className = 'current';
          line.setAttribute('aria-current', 'step');
        }
      });
      const status = $('status');
      clear(status);
      const list = html(status, 'dl');
      for (const [name, value] of shown.status || []) {
        html(list, 'dt', {}, name);
        html(list, 'dd', {}, value);
      }
      document.body.classList.toggle('asking', state.question !== null);
    }

    function closeQuestion() {
      state.question = null;
      $('question').hidden = true;
    }

    function goTo(step) {
      closeQuestion();
      state.step = Math.max(0, Math.min(steps(), step));
      render();
    }

    /** Jumps to the step typed in the Step field, or says why it cannot. */
    function jump() {
      const {step, message} =
        parseStep($('jump').validity.badInput ? 'not a number' : $('jump').value);
      showError(message);
      if (!message) {
        goTo(step);
      }
    }

    /** One step forward, unless predict mode first asks about it; returns whether it stepped. */
    function forward() {
      if (!state.data || state.step >= steps() || state.question) {
        return false;
      }
      if ($('predict').checked && !state.asked.has(state.step)) {
        const question = page.question(state.data, state.step);
        if (question) {
          ask(question);
          return false;
        }
      }
      $('feedback').textContent = '';
      state.step++;
      render();
      return true;
    }

    function ask(question) {
      state.resume = state.timer !== null;
      pause();
      state.question = question;
      $('question-text').textContent = question.text;
      const options = $('options');
      clear(options);
      question.options.forEach((option, i) => {
        const button = html(options, 'button', {type: 'button', 'data-option': option.id},
          (i < 9 ? (i + 1) + ': ' : '') + option.label);
        button.addEventListener('click', () => answer(option.id));
      });
      $('question').hidden = false;
      render();
      options.firstChild.focus();
    }

    function answer(id) {
      const question = state.question;
      if (!question || !question.options.some((o) => o.id === id)) {
        return;
      }
      state.asked.add(state.step);
      state.total++;
      const accepted = question.accepted || [question.answer];
      const right = accepted.includes(id);
      state.right += right ? 1 : 0;
      const label = (option) => question.options.find((o) => o.id === option).label;
      const others = accepted.filter((a) => a !== question.answer);
      const feedback = $('feedback');
      feedback.className = right ? 'right' : 'wrong';
      feedback.textContent = (right ? 'Right: ' : 'Not this time: ')
        + (others.length === 0 ? label(question.answer)
          : 'the rule allows ' + accepted.map(label).join(', ') + '; the run drew '
            + label(question.answer))
        + '. ' + (question.explain || '');
      closeQuestion();
      state.step++;
      render();
      if (state.resume) {
        play();
      }
    }

    function play() {
      if (!state.data || state.timer) {
        return;
      }
      if (state.step >= steps()) {
        goTo(0);
      }
      const speed = Number($('speed').value);
      const ticks = Math.min(speed, MAX_TICKS_PER_SECOND);
      const perTick = Math.max(1, Math.round(speed / ticks));
      state.timer = setInterval(() => {
        for (let i = 0; i < perTick; i++) {
          if (!forward()) {
            break;
          }
        }
        if (state.step >= steps()) {
          pause();
        }
      }, 1000 / ticks);
      $('play').textContent = '⏸ Pause';
    }

    function pause() {
      if (state.timer) {
        clearInterval(state.timer);
        state.timer = null;
      }
      $('play').textContent = '▶ Play';
    }

    function changeSpeed(delta) {
      const select = $('speed');
      select.selectedIndex = Math.max(0, Math.min(SPEEDS.length - 1, select.selectedIndex + delta));
      if (state.timer) {
        pause();
        play();
      }
    }

    /**
     * Runs the form's parameters and shows the run at `step` (text from the URL or a number);
     * `refused` is a message that stops the run before it starts. A new run starts a new score.
     */
    async function load(step, refused) {
      pause();
      closeQuestion();
      state.asked.clear();
      if (state.data && state.total > 0) {
        state.scores.unshift(scoreText());
      }
      state.right = 0;
      state.total = 0;
      state.run = [...formQuery(form, true)].map(([name, value]) =>
        [name, refused && url.has(name) ? url.get(name) : value]);
      let message = refused;
      if (refused) {
        state.data = null;
      } else {
        try {
          state.data = await getJson(page.api + '?' + formQuery(form));
        } catch (e) {
          state.data = null;
          message = e.message;
        }
      }
      state.step = 0;
      if (state.data) {
        const parsed = parseStep(step);
        message = parsed.message || null;
        state.step = parsed.message ? 0 : parsed.step;
      }
      showError(message);
      render();
      document.body.dataset.loaded = String(Date.now());
    }

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      load(0, null);
    });
    $('to-start').addEventListener('click', () => goTo(0));
    $('back').addEventListener('click', () => {
      pause();
      $('feedback').textContent = '';
      goTo(state.step - 1);
    });
    $('forward').addEventListener('click', () => {
      pause();
      forward();
    });
    $('to-end').addEventListener('click', () => {
      pause();
      goTo(steps());
    });
    $('play').addEventListener('click', () => (state.timer ? pause() : play()));
    $('speed').addEventListener('change', () => changeSpeed(0));
    $('go').addEventListener('click', jump);
    $('jump').addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        jump();
      }
    });
    $('projector').addEventListener('click', () => setProjector(!projectorOn()));
    $('predict').addEventListener('change', () => {
      closeQuestion();
      render();
    });
    $('export-svg').addEventListener('click', () =>
      download('twochoice-' + page.name + '-step-' + state.step + '.svg', 'image/svg+xml',
        svgFile(figure)));
    $('export-csv').addEventListener('click', () =>
      download('twochoice-' + page.name + '-step-' + state.step + '.csv', 'text/csv',
        page.csv(state.data, state.step)));
    figure.addEventListener('click', (event) => {
      const target = event.target.closest('[data-choice]');
      if (state.question && target) {
        answer(target.getAttribute('data-choice'));
      }
    });
    document.addEventListener('keydown', (event) => {
      const typing = /^(INPUT|SELECT|TEXTAREA)$/.test(event.target.tagName)
        && event.target.type !== 'checkbox';
      if (typing || event.ctrlKey || event.metaKey || event.altKey) {
        return;
      }
      const actions = {
        ' ': () => (state.timer ? pause() : play()),
        ArrowRight: () => {
          pause();
          forward();
        },
        ArrowLeft: () => {
          pause();
          goTo(state.step - 1);
        },
        Home: () => goTo(0),
        End: () => {
          pause();
          goTo(steps());
        },
        '+': () => changeSpeed(1),
        '=': () => changeSpeed(1),
        '-': () => changeSpeed(-1),
        p: () => {
          $('predict').checked = !$('predict').checked;
          closeQuestion();
          render();
        },
        f: () => setProjector(!projectorOn()),
      };
      if (state.question && /^[1-9]$/.test(event.key)) {
        const option = state.question.options[Number(event.key) - 1];
        if (option) {
          answer(option.id);
          event.preventDefault();
        }
        return;
      }
      if (event.key === ' ' && event.target.tagName === 'BUTTON') {
        return; // a focused button's own Space
      }
      if (actions[event.key]) {
        event.preventDefault();
        actions[event.key]();
      }
    });
    load(url.has('step') ? url.get('step') : '0', refused);
  }

  /**
   * A one-click computation at full size: submits `formId` to `api` and draws the answer with
   * `draw(data, box)`; a figure from the server ({svg, csv, file}) gets its own export buttons.
   */
  function oneClick(formId, api, draw) {
    const form = document.getElementById(formId);
    const box = form.parentElement.querySelector('.result');
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const button = form.querySelector('button[type="submit"]');
      button.disabled = true;
      const label = button.textContent;
      button.textContent = 'Computing…';
      const query = formQuery(form);
      try {
        const data = await getJson(api + '?' + query);
        clear(box);
        draw(data, box);
        if (data.figure) {
          const chart = html(box, 'div', {class: 'chart'});
          chart.innerHTML = data.figure.svg;
          fitText(chart.querySelector('svg'));
          const buttons = html(box, 'div', {class: 'controls'});
          html(buttons, 'button', {type: 'button'}, 'Export SVG').addEventListener('click', () =>
            download(data.figure.file + '.svg', 'image/svg+xml', data.figure.svg));
          html(buttons, 'button', {type: 'button'}, 'Export CSV').addEventListener('click', () =>
            download(data.figure.file + '.csv', 'text/csv', data.figure.csv));
        }
        address.set(formQuery(form, true));
      } catch (e) {
        clear(box);
        html(box, 'div', {class: 'error', role: 'alert'}, 'Error: ' + e.message)
          .scrollIntoView({block: 'nearest'});
      } finally {
        button.disabled = false;
        button.textContent = label;
        document.body.dataset.computed = String(Date.now());
      }
    });
  }

  /** The bin loads after the first `step` balls of a trace from the server: its chosen bins. */
  function loads(trace, step, bins) {
    const result = new Array(bins).fill(0);
    for (let ball = 0; ball < step; ball++) {
      result[trace.candidates[ball][trace.chosen[ball]]]++;
    }
    return result;
  }

  /** A table of rows of cells, the first row its header. */
  function table(parent, rows) {
    const element = html(parent, 'table', {class: 'numbers'});
    rows.forEach((row, r) => {
      const tr = html(element, 'tr');
      for (const cell of row) {
        html(tr, r === 0 ? 'th' : 'td', {}, cell);
      }
    });
    return element;
  }

  return {start, oneClick, svg, legendLine, html, clear, number, percent, csvLine, table, loads, buildNav,
    COLOURS, INK, SERIES};
})();
