// Command podplayer opens the podcast player window.
package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"log"
	"net/http"
	"os"
	"strings"
	"time"

	"gioui.org/app"
	"gioui.org/unit"

	"example.com/corpus/trial-fw23r/apps/podplayer"
	"example.com/corpus/trial-fw23r/apps/podplayer/download"
)

type httpSource struct{ client *http.Client }

func (s httpSource) Open(ctx context.Context, url string) (io.ReadCloser, int64, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, 0, err
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, 0, err
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, 0, errors.New(resp.Status)
	}
	return resp.Body, resp.ContentLength, nil
}

type offlineFeeds struct{}

func (offlineFeeds) Fetch(ctx context.Context, url string) (podplayer.FeedInfo, error) {
	return podplayer.FeedInfo{}, errors.New("feed parsing not configured")
}

func main() {
	feeds := flag.String("feeds", "", "comma-separated feed URLs")
	flag.Parse()

	w := new(app.Window)
	w.Option(app.Title("Podcasts"), app.Size(unit.Dp(480), unit.Dp(800)))
	fetcher := download.NewFetcher(httpSource{client: &http.Client{Timeout: 10 * time.Minute}})
	p := podplayer.New(w, offlineFeeds{}, fetcher)
	for _, f := range strings.Split(*feeds, ",") {
		if f != "" {
			p.Subscribe(f)
		}
	}
	go func() {
		if err := p.Run(w); err != nil {
			log.Fatal(err)
		}
		os.Exit(0)
	}()
	app.Main()
}
