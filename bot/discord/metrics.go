package discord

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics are the Prometheus metrics of the Discord transports, in a registry of their own (never the global
// default one). A nil *Metrics records nothing.
type Metrics struct {
	reg          *prometheus.Registry
	interactions *prometheus.CounterVec
	latency      *prometheus.HistogramVec
	deferrals    prometheus.Counter
	errors       *prometheus.CounterVec
	rejections   *prometheus.CounterVec
}

// NewMetrics returns metrics in a fresh registry, with the Go runtime and process collectors.
func NewMetrics() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		interactions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "rulekeeper_interactions_total",
			Help: "Interactions answered, by kind (command, component, autocomplete, modal), command and outcome (ok, error, rate_limited, repeat).",
		}, []string{"kind", "command", "outcome"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "rulekeeper_handler_seconds",
			Help:    "Time from receiving an interaction to its reply being ready.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"command"}),
		deferrals: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "rulekeeper_interactions_deferred_total",
			Help: "Interactions answered with a deferred response and finished by an edit.",
		}),
		errors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "rulekeeper_errors_total",
			Help: "Failures to deliver a reply to Discord, by stage (respond, edit, followup).",
		}, []string{"stage"}),
		rejections: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "rulekeeper_http_rejected_total",
			Help: "HTTP interactions refused, by reason (signature, timestamp, too_large, json, method, body, type, shutdown).",
		}, []string{"reason"}),
	}
	m.reg.MustRegister(m.interactions, m.latency, m.deferrals, m.errors, m.rejections,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves the metrics in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Registry is the metrics' own registry.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

func (m *Metrics) observe(kind, command, outcome string, d time.Duration) {
	if m == nil {
		return
	}
	m.interactions.WithLabelValues(kind, command, outcome).Inc()
	m.latency.WithLabelValues(command).Observe(d.Seconds())
}

func (m *Metrics) deferred() {
	if m != nil {
		m.deferrals.Inc()
	}
}

func (m *Metrics) failed(stage string) {
	if m != nil {
		m.errors.WithLabelValues(stage).Inc()
	}
}

func (m *Metrics) rejected(reason string) {
	if m != nil {
		m.rejections.WithLabelValues(reason).Inc()
	}
}
