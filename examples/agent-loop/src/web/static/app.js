// The demo page's one script. It is static: the run's data arrives as server-sent events, as JSON.
// Text is always shown with textContent; the only markup inserted is a card fragment made by
// renderCardHtml on the server, through the one Trusted Types policy the page's CSP allows.
'use strict'

const passThrough = { createHTML: (html) => html }
const cards = window.trustedTypes?.createPolicy('toolpipe-cards', passThrough) ?? passThrough

const timeline = document.getElementById('timeline')
const session = document.getElementById('session')
const statusLine = document.getElementById('status')
/** callId → the call's elements: its card, progress line and approval panel. */
const calls = new Map()
let ended = false

function element(tag, className, text) {
  const node = document.createElement(tag)
  if (className) node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

function setStatus(state, text) {
  statusLine.dataset.state = state
  statusLine.textContent = text
}

function callSlot(callId) {
  let slot = calls.get(callId)
  if (slot === undefined) {
    const root = element('div', 'call')
    slot = {
      root,
      card: element('div', 'call-card'),
      progress: element('p', 'progress'),
      panel: undefined,
    }
    slot.progress.hidden = true
    root.append(slot.card, slot.progress)
    timeline.append(root)
    calls.set(callId, slot)
  }
  return slot
}

function showAsk(message) {
  const slot = callSlot(message.callId)
  const panel = element('div', 'ask')
  panel.setAttribute('role', 'group')
  panel.setAttribute('aria-label', 'approval')
  panel.append(element('p', 'ask-question', message.question))
  if (message.reason !== undefined) panel.append(element('p', 'ask-reason', message.reason))
  const buttons = element('div', 'ask-buttons')
  const choices = [
    ['allow-once', 'Allow once', 'allow'],
    ['allow-always', 'Always', 'always'],
    ['reject', 'Reject', 'reject'],
  ]
  const note = element('p', 'ask-note')
  for (const [answer, label, kind] of choices) {
    const button = element('button', `button ${kind}`, label)
    button.type = 'button'
    button.addEventListener('click', () => answerAsk(message.id, answer, buttons, note))
    buttons.append(button)
  }
  panel.append(buttons, note)
  slot.panel?.remove()
  slot.panel = panel
  slot.root.append(panel)
  panel.scrollIntoView({ block: 'nearest' })
}

async function answerAsk(id, answer, buttons, note) {
  for (const button of buttons.children) button.disabled = true
  note.textContent = 'sending…'
  try {
    const response = await fetch('answer', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id, answer }),
    })
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`)
  } catch (error) {
    note.textContent = `could not send the answer: ${error.message}`
    for (const button of buttons.children) button.disabled = false
  }
}

function showAnswer(message) {
  const slot = callSlot(message.callId)
  const line = element('p', `answer ${message.allowed ? 'allowed' : 'denied'}`)
  line.append(element('strong', '', message.outcome), document.createTextNode(` · ${message.by}`))
  slot.panel?.remove()
  slot.panel = line
  slot.root.append(line)
}

function handle(message) {
  switch (message.kind) {
    case 'session': {
      session.hidden = false
      session.replaceChildren(
        element('p', '', `model: ${message.model}`),
        element('p', '', `sandbox: ${message.sandbox}`),
        element('p', 'tools', `tools: ${message.tools.join(', ')}`),
      )
      break
    }
    case 'user':
      timeline.append(element('p', 'bubble user', message.text))
      break
    case 'step': {
      const step = element('section', 'step')
      step.append(element('h2', '', message.title))
      if (message.note !== undefined) step.append(element('p', 'note', message.note))
      if (message.text !== undefined) step.append(element('p', 'bubble assistant', message.text))
      timeline.append(step)
      break
    }
    case 'card': {
      const slot = callSlot(message.callId)
      slot.card.innerHTML = cards.createHTML(message.html)
      slot.progress.hidden = true
      break
    }
    case 'progress': {
      const slot = callSlot(message.callId)
      slot.progress.hidden = false
      slot.progress.textContent = `… ${message.text}`
      break
    }
    case 'ask':
      showAsk(message)
      break
    case 'answer':
      showAnswer(message)
      break
    case 'context':
      timeline.append(
        element('p', 'bubble context', `context from ${message.source}: ${message.text}`),
      )
      break
    case 'end':
      ended = true
      timeline.append(element('p', 'end', message.text))
      setStatus('ended', 'the run is over')
      break
  }
}

const events = new EventSource('events')
events.addEventListener('open', () => {
  if (!ended) setStatus('live', 'live')
})
events.addEventListener('error', () => {
  setStatus(
    ended ? 'ended' : 'offline',
    ended ? 'the run is over; the demo stopped' : 'disconnected, retrying…',
  )
})
events.addEventListener('message', (event) => handle(JSON.parse(event.data)))
