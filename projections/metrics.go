package projections

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

var (
	lagDesc = prometheus.NewDesc("gymlog_projection_lag",
		"Positions of the global feed a projection has not applied yet.", []string{"projection"}, nil)
	checkpointDesc = prometheus.NewDesc("gymlog_projection_checkpoint",
		"Position of the last event a projection applied.", []string{"projection"}, nil)
	failedDesc = prometheus.NewDesc("gymlog_projection_failed",
		"1 when a projection stopped on a failing event.", []string{"projection"}, nil)
	failedPositionDesc = prometheus.NewDesc("gymlog_projection_failed_position",
		"Position of the event a failed projection stopped at (0 when running).", []string{"projection"}, nil)
	headDesc = prometheus.NewDesc("gymlog_eventstore_head",
		"Highest position in the event store.", nil, nil)
)

// collector reads Status at scrape time, so every node reports the same lag whichever node
// runs the projector.
type collector struct{ r *Runner }

func (c *collector) Describe(ch chan<- *prometheus.Desc) {
	ch <- lagDesc
	ch <- checkpointDesc
	ch <- failedDesc
	ch <- failedPositionDesc
	ch <- headDesc
}

func (c *collector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	statuses, err := c.r.Status(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(lagDesc, err)
		return
	}
	for i, s := range statuses {
		if i == 0 {
			ch <- prometheus.MustNewConstMetric(headDesc, prometheus.GaugeValue, float64(s.Head))
		}
		failed := 0.0
		if s.State == StateFailed {
			failed = 1
		}
		ch <- prometheus.MustNewConstMetric(lagDesc, prometheus.GaugeValue, float64(s.Lag), s.Name)
		ch <- prometheus.MustNewConstMetric(checkpointDesc, prometheus.GaugeValue, float64(s.Checkpoint), s.Name)
		ch <- prometheus.MustNewConstMetric(failedDesc, prometheus.GaugeValue, failed, s.Name)
		ch <- prometheus.MustNewConstMetric(failedPositionDesc, prometheus.GaugeValue, float64(s.FailedPosition), s.Name)
	}
}
